/// What to do with a response's body.
public enum HTTPResponseBody {
    /// Keep it in memory, up to `limit` bytes (a larger body fails the transfer).
    case collect(limit: Int)
    /// Hand a success (2xx) body to `handler` chunk by chunk as it arrives; the chunk is valid
    /// only during the call. Any other status's body is collected (it is the error document).
    /// An error thrown by `handler` stops the transfer and is rethrown.
    case stream((UnsafeRawBufferPointer) throws -> Void)

    /// The most bytes of an error document kept.
    static let errorDocumentLimit = 1 << 20
}
