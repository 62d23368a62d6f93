import CCurl

/// libcurl's process-wide initialisation, done once before the first handle is made.
enum CurlGlobal {
    /// `curl_global_init`'s result, computed once (Swift runs a static initialiser exactly once,
    /// thread-safely).
    private static let status: CURLcode = curl_global_init(Int(CURL_GLOBAL_DEFAULT))

    /// - Throws: ``HTTPTransportError`` when libcurl (or its TLS library) failed to initialise.
    static func ensureInitialized() throws {
        guard status == CURLE_OK else { throw HTTPTransportError(code: status, detail: "libcurl could not initialise") }
    }
}
