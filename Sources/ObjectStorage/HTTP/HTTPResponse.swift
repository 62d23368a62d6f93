/// A complete HTTP response: its status, its headers (names lowercased), and its body when it
/// was collected (a streamed success body went to the caller's handler instead).
public struct HTTPResponse: Sendable {
    public var status: Int
    /// Header values by lowercased name; a repeated header keeps its last value.
    public var headers: [String: String]
    public var body: [UInt8]

    /// The value of the header `name` (any case).
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }

    /// 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }
}
