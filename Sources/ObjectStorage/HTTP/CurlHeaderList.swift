import CCurl

/// The owner of a libcurl header list (`curl_slist`): appended to while a request is set up,
/// freed exactly once when the value goes away. Noncopyable, so there is one owner.
struct CurlHeaderList: ~Copyable {
    /// The first node, or nil for an empty list. Owned.
    private(set) var head: UnsafeMutablePointer<curl_slist>?

    /// Appends one `Name: value` line (libcurl copies the text).
    /// - Throws: ``HTTPTransportError`` when libcurl runs out of memory.
    mutating func append(_ line: String) throws {
        guard let extended = line.withCString({ curl_slist_append(head, $0) }) else {
            throw HTTPTransportError(code: CURLE_OUT_OF_MEMORY, detail: "libcurl could not build the request headers")
        }
        head = extended
    }

    deinit {
        curl_slist_free_all(head)
    }
}
