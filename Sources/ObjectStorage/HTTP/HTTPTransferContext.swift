import CCurl
import Foundation

/// Everything libcurl points at during one transfer — the request's header list, its error
/// buffer, and the state its callbacks work on: the request body being sent, the response's
/// status line, headers and body as they arrive.
///
/// Lifetime: ``HTTPClient/send(_:body:)`` creates one context per transfer, hands libcurl an
/// unretained pointer to it (`CURLOPT_READDATA`, `CURLOPT_SEEKDATA`, `CURLOPT_HEADERDATA`,
/// `CURLOPT_WRITEDATA`) and
/// pointers into it (`CURLOPT_HTTPHEADER`, `CURLOPT_ERRORBUFFER`), and keeps it alive with
/// `withExtendedLifetime` until `curl_easy_perform` has returned and the handle's options have
/// been reset, so libcurl never holds a pointer into a released context.
/// The buffers libcurl passes to the callbacks are read or filled only inside the callback.
final class HTTPTransferContext {
    private let body: [UInt8]
    private var bodyOffset = 0
    private let responseBody: HTTPResponseBody

    private(set) var status = 0
    private(set) var headers: [String: String] = [:]
    private(set) var collected: [UInt8] = []
    /// Set when the collected body went past its limit, which stops the transfer.
    private(set) var exceededLimit = false
    /// What the streaming handler threw, which stops the transfer.
    private(set) var handlerError: (any Error)?

    /// The request's header lines (`CURLOPT_HTTPHEADER`).
    var requestHeaders = CurlHeaderList()

    /// libcurl's error buffer (`CURLOPT_ERRORBUFFER`). Owned: allocated here, freed in `deinit`,
    /// after the handle was reset.
    let errorBuffer: UnsafeMutablePointer<CChar>

    init(body: [UInt8], responseBody: HTTPResponseBody) {
        self.body = body
        self.responseBody = responseBody
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
    }

    deinit {
        errorBuffer.deallocate()
    }

    /// libcurl's detail for a failed transfer: its error buffer, else its text for `code`.
    func failureDetail(_ code: CURLcode) -> String {
        let buffered = String(cString: errorBuffer)
        return buffered.isEmpty ? String(cString: curl_easy_strerror(code)) : buffered
    }

    /// `CURLOPT_READFUNCTION`: copies the next bytes of the body into libcurl's buffer.
    func fillRequestBuffer(_ buffer: UnsafeMutableRawBufferPointer) -> Int {
        let count = min(buffer.count, body.count - bodyOffset)
        guard count > 0 else { return 0 }
        body.withUnsafeBytes { source in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[bodyOffset..<bodyOffset + count]))
        }
        bodyOffset += count
        return count
    }

    /// `CURLOPT_SEEKFUNCTION`: moves back in the body, which libcurl asks for when it sends
    /// the request again on a fresh connection because the kept-alive one had closed (without
    /// it, that resend fails with "necessary data rewind wasn't possible").
    /// - Returns: `CURL_SEEKFUNC_OK`, or `CURL_SEEKFUNC_FAIL` for a position outside the body.
    func seekRequestBody(to offset: Int64, origin: Int32) -> Int32 {
        let target: Int64
        switch origin {
        case SEEK_SET: target = offset
        case SEEK_CUR: target = Int64(bodyOffset) + offset
        case SEEK_END: target = Int64(body.count) + offset
        default: return CURL_SEEKFUNC_FAIL
        }
        guard (0...Int64(body.count)).contains(target) else { return CURL_SEEKFUNC_FAIL }
        bodyOffset = Int(target)
        return CURL_SEEKFUNC_OK
    }

    /// `CURLOPT_HEADERFUNCTION`: one header line, CRLF included. A status line starts a new
    /// response (a `100 Continue` or a redirect may come first).
    func receiveHeaderLine(_ bytes: UnsafeRawBufferPointer) {
        let line = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .newlines)
        if line.hasPrefix("HTTP/") {
            let fields = line.split(separator: " ", maxSplits: 2)
            status = fields.count > 1 ? Int(fields[1]) ?? 0 : 0
            headers = [:]
        } else if let colon = line.firstIndex(of: ":") {
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[line[..<colon].lowercased()] = value
        }
    }

    /// `CURLOPT_WRITEFUNCTION`: a chunk of the body.
    /// - Returns: whether to go on.
    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let isSuccess = (200..<300).contains(status)
        if isSuccess, case .stream(let handler) = responseBody {
            do {
                try handler(bytes)
                return true
            } catch {
                handlerError = error
                return false
            }
        }
        var limit = HTTPResponseBody.errorDocumentLimit
        if isSuccess, case .collect(let successLimit) = responseBody { limit = successLimit }
        guard collected.count + bytes.count <= limit else {
            exceededLimit = true
            return false
        }
        collected.append(contentsOf: bytes)
        return true
    }
}
