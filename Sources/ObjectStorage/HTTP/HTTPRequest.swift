/// One HTTP request, fully formed: the URL already encoded, every header final (the signature
/// included), the body in memory so that a retry can send it again.
public struct HTTPRequest: Sendable {
    public var method: String
    /// `scheme://host[:port]/path?query`, percent-encoded as it goes on the wire.
    public var url: String
    /// Header lines in the order they are sent; names as written.
    public var headers: [(name: String, value: String)] = []
    /// The body; empty for none.
    public var body: [UInt8] = []
}
