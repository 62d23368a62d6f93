import CCurl

/// A request that got no complete HTTP response: the connection was refused, dropped or timed
/// out, TLS failed, or libcurl itself failed. ``detail`` is libcurl's own explanation (its error
/// buffer when it filled one), never a request header.
public struct HTTPTransportError: Error, Sendable, CustomStringConvertible {
    /// libcurl's result code (`CURLcode`).
    public let code: Int
    /// What libcurl said.
    public let detail: String

    init(code: CURLcode, detail: String) {
        self.code = Int(code.rawValue)
        self.detail = detail
    }

    /// A response that ended before all its bytes arrived, as libcurl reports one.
    static func truncated(_ detail: String) -> HTTPTransportError {
        HTTPTransportError(code: CURLE_PARTIAL_FILE, detail: detail)
    }

    /// Whether a new attempt may succeed: the connection could not be made or broke off, or
    /// the peer stopped answering. A TLS certificate that does not verify, a malformed URL or
    /// an exhausted machine are not retried.
    public var isRetryable: Bool {
        let transient: [CURLcode] = [
            CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_CONNECT, CURLE_PARTIAL_FILE, CURLE_OPERATION_TIMEDOUT,
            CURLE_GOT_NOTHING, CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_SSL_CONNECT_ERROR, CURLE_HTTP2,
            CURLE_HTTP2_STREAM,
        ]
        return transient.contains { Int($0.rawValue) == code }
    }

    public var description: String { detail }
}
