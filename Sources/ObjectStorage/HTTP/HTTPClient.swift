import CCurl
import Foundation

/// HTTP(S) through libcurl: one request at a time over a kept-alive connection, TLS always
/// verified (peer certificate and host name), only `http` and `https` URLs.
///
///     let client = try HTTPClient(settings: .init())
///     let response = try client.send(HTTPRequest(method: "GET", url: url), body: .collect(limit: 1 << 20))
///
/// Why libcurl directly rather than FoundationNetworking's `URLSession` (which uses libcurl
/// beneath): a synchronous call that fits the command's pipelines, bodies streamed through
/// callbacks in both directions without an intermediate `Data`, libcurl's own error codes to
/// tell a dropped connection (retried) from a refused certificate (not), and no run loop.
public final class HTTPClient: @unchecked Sendable {
    /// How transfers behave.
    public struct Settings: Sendable {
        /// A PEM bundle of certificate authorities to trust instead of the system's
        /// (`AWS_CA_BUNDLE`, `ca_bundle`).
        public var certificateAuthorities: String?
        /// Seconds to wait for a connection.
        public var connectTimeout: Int = 15
        /// A transfer slower than 1 byte/s for this many seconds is abandoned (and retried).
        public var stallTimeout: Int = 60
        public var userAgent: String = "backupctl"
    }

    private let settings: Settings
    /// The one easy handle, and so the kept-alive connection: used only while holding `lock`,
    /// by one transfer at a time (which is what makes the class `Sendable`).
    private let handle: CurlEasyHandle
    private let lock = NSLock()

    /// - Throws: ``HTTPTransportError`` when libcurl cannot be initialised.
    public init(settings: Settings) throws {
        self.settings = settings
        handle = try CurlEasyHandle()
    }

    /// Sends `request` and waits for the whole response.
    /// - Parameter body: whether the response body is collected or streamed to a handler.
    /// - Returns: the response, whatever its status (judging it is the caller's business).
    /// - Throws: ``HTTPTransportError`` when no complete response arrived (the connection broke,
    ///   timed out, or TLS failed); whatever a streaming handler threw.
    public func send(_ request: HTTPRequest, body: HTTPResponseBody) throws -> HTTPResponse {
        try lock.withLock {
            let context = HTTPTransferContext(body: request.body, responseBody: body)
            return try withExtendedLifetime(context) {
                // The options point into `context`: forget them before it goes.
                defer { handle.reset() }
                try configure(handle, for: request, context: context)
                let code = handle.perform()
                if let handlerError = context.handlerError { throw handlerError }
                if context.exceededLimit {
                    throw HTTPTransportError(
                        code: CURLE_FILESIZE_EXCEEDED, detail: "the response was larger than expected")
                }
                guard code == CURLE_OK else {
                    throw HTTPTransportError(code: code, detail: context.failureDetail(code))
                }
                return HTTPResponse(
                    status: try handle.responseCode(), headers: context.headers, body: context.collected)
            }
        }
    }

    private func configure(_ handle: CurlEasyHandle, for request: HTTPRequest, context: HTTPTransferContext) throws {
        let contextPointer = Unmanaged.passUnretained(context).toOpaque()
        try handle.set(CURLOPT_URL, request.url)
        try handle.set(CURLOPT_PROTOCOLS_STR, "http,https")
        try handle.set(CURLOPT_NOSIGNAL, 1)
        try handle.set(CURLOPT_SSL_VERIFYPEER, 1)
        try handle.set(CURLOPT_SSL_VERIFYHOST, 2)
        if let authorities = settings.certificateAuthorities { try handle.set(CURLOPT_CAINFO, authorities) }
        try handle.set(CURLOPT_CONNECTTIMEOUT, settings.connectTimeout)
        try handle.set(CURLOPT_LOW_SPEED_LIMIT, 1)
        try handle.set(CURLOPT_LOW_SPEED_TIME, settings.stallTimeout)
        try handle.set(CURLOPT_USERAGENT, settings.userAgent)
        try handle.set(CURLOPT_ERRORBUFFER, pointer: UnsafeMutableRawPointer(context.errorBuffer))

        switch request.method {
        case "GET": break
        case "HEAD": try handle.set(CURLOPT_NOBODY, 1)
        default: try handle.set(CURLOPT_CUSTOMREQUEST, request.method)
        }
        if request.method == "PUT" || request.method == "POST" {
            // The body is read through the callback and announced with Content-Length.
            try handle.set(CURLOPT_UPLOAD, 1)
            try handle.set(CURLOPT_INFILESIZE_LARGE, offset: Int64(request.body.count))
            try handle.set(CURLOPT_READDATA, pointer: contextPointer)
            try handle.set(CURLOPT_READFUNCTION) { buffer, size, count, context in
                guard let buffer, let context else { return Int(CURL_READFUNC_ABORT) }
                let transfer = Unmanaged<HTTPTransferContext>.fromOpaque(context).takeUnretainedValue()
                return transfer.fillRequestBuffer(UnsafeMutableRawBufferPointer(start: buffer, count: size * count))
            }
            try handle.set(CURLOPT_SEEKDATA, pointer: contextPointer)
            try handle.set(CURLOPT_SEEKFUNCTION) { context, offset, origin in
                guard let context else { return CURL_SEEKFUNC_FAIL }
                let transfer = Unmanaged<HTTPTransferContext>.fromOpaque(context).takeUnretainedValue()
                return transfer.seekRequestBody(to: Int64(offset), origin: origin)
            }
        }
        try handle.set(CURLOPT_HEADERDATA, pointer: contextPointer)
        try handle.set(CURLOPT_HEADERFUNCTION) { buffer, size, count, context in
            guard let buffer, let context else { return 0 }
            let transfer = Unmanaged<HTTPTransferContext>.fromOpaque(context).takeUnretainedValue()
            transfer.receiveHeaderLine(UnsafeRawBufferPointer(start: buffer, count: size * count))
            return size * count
        }
        try handle.set(CURLOPT_WRITEDATA, pointer: contextPointer)
        try handle.set(CURLOPT_WRITEFUNCTION) { buffer, size, count, context in
            guard let buffer, let context else { return 0 }
            let transfer = Unmanaged<HTTPTransferContext>.fromOpaque(context).takeUnretainedValue()
            let accepted = transfer.receiveBody(UnsafeRawBufferPointer(start: buffer, count: size * count))
            return accepted ? size * count : 0
        }

        for (name, value) in request.headers { try context.requestHeaders.append("\(name): \(value)") }
        // No `Expect: 100-continue` round trip: a refused request fails on its response anyway.
        try context.requestHeaders.append("Expect:")
        try handle.set(CURLOPT_HTTPHEADER, list: context.requestHeaders)
    }
}
