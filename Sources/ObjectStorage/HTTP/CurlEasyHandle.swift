import CCurl

/// The owner of one libcurl easy handle: created in `init`, cleaned up exactly once in
/// `deinit`. Every option is set through a method that checks its `CURLcode`.
///
/// libcurl keeps its connection cache in the handle, so reusing one handle for a series of
/// requests keeps the connection to the endpoint open between them. A handle is used by one
/// thread at a time (``HTTPClient`` holds it under a lock).
final class CurlEasyHandle {
    /// Owned: `curl_easy_init` in `init`, `curl_easy_cleanup` in `deinit`.
    let pointer: UnsafeMutableRawPointer

    /// - Throws: ``HTTPTransportError`` when libcurl cannot be initialised or allocate a handle.
    init() throws {
        try CurlGlobal.ensureInitialized()
        guard let handle = curl_easy_init() else {
            throw HTTPTransportError(code: CURLE_OUT_OF_MEMORY, detail: "libcurl could not allocate a handle")
        }
        pointer = handle
    }

    deinit {
        curl_easy_cleanup(pointer)
    }

    func set(_ option: CURLoption, _ value: Int) throws {
        try check(ccurl_setopt_long(pointer, option, value), option)
    }

    func set(_ option: CURLoption, offset value: Int64) throws {
        try check(ccurl_setopt_offset(pointer, option, curl_off_t(value)), option)
    }

    /// libcurl copies string options (since 7.17), so the C string need not outlive the call.
    func set(_ option: CURLoption, _ value: String) throws {
        try check(value.withCString { ccurl_setopt_string(pointer, option, $0) }, option)
    }

    /// - Precondition: the caller keeps whatever `value` points to alive until ``reset()``.
    func set(_ option: CURLoption, pointer value: UnsafeMutableRawPointer?) throws {
        try check(ccurl_setopt_pointer(pointer, option, value), option)
    }

    /// - Precondition: the caller keeps `list` alive until ``reset()``.
    func set(_ option: CURLoption, list: borrowing CurlHeaderList) throws {
        try check(ccurl_setopt_list(pointer, option, list.head), option)
    }

    func set(_ option: CURLoption, callback: ccurl_data_callback) throws {
        try check(ccurl_setopt_callback(pointer, option, callback), option)
    }

    func set(_ option: CURLoption, seek callback: ccurl_seek_callback) throws {
        try check(ccurl_setopt_seek_callback(pointer, option, callback), option)
    }

    /// Runs the transfer configured by the options; the result is the transfer's own code
    /// for the caller to judge.
    func perform() -> CURLcode {
        curl_easy_perform(pointer)
    }

    /// The last response's HTTP status.
    func responseCode() throws -> Int {
        var code = 0
        try check(ccurl_getinfo_long(pointer, CURLINFO_RESPONSE_CODE, &code), nil)
        return code
    }

    /// Forgets every option (and so every pointer given with them); keeps the connections.
    func reset() {
        curl_easy_reset(pointer)
    }

    private func check(_ code: CURLcode, _ option: CURLoption?) throws {
        guard code == CURLE_OK else {
            let what = option.map { "set option \($0.rawValue)" } ?? "read the response code"
            throw HTTPTransportError(code: code, detail: "libcurl could not \(what)")
        }
    }
}
