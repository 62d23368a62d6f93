import JSONCore

/// The HTTP part of a lookup snapshot: a GET of the domain's home page.
public struct HTTPProbeResult: JSONRecord, Hashable {
    /// The URL requested.
    public var url: String
    /// The final status code, 100...599.
    public var statusCode: Int
    /// Where redirects ended, when they did.
    public var finalURL: String?
    /// Redirects followed.
    public var redirectCount: Int
    /// Time to the last response, in milliseconds.
    public var responseTimeMs: Int?
    /// The `Server` and `Content-Type` headers.
    public var server: String?
    public var contentType: String?
    /// Whether `Strict-Transport-Security` was sent.
    public var hstsEnabled: Bool
    /// Selected response headers, in the order received.
    public var headers: [StringPair]

    /// Fields this build does not know, kept as read and written back after the known ones.
    public var unknownFields = UnknownFields()

    public init(
        url: String, statusCode: Int, finalURL: String? = nil, redirectCount: Int = 0, responseTimeMs: Int? = nil,
        server: String? = nil, contentType: String? = nil, hstsEnabled: Bool = false, headers: [StringPair] = []
    ) {
        self.url = url
        self.statusCode = statusCode
        self.finalURL = finalURL
        self.redirectCount = redirectCount
        self.responseTimeMs = responseTimeMs
        self.server = server
        self.contentType = contentType
        self.hstsEnabled = hstsEnabled
        self.headers = headers
    }

    public init(from reader: inout RecordReader) throws(RecordDecodingError) {
        url = try reader.requiredString("url")
        statusCode = try reader.requiredInt("statusCode", in: 100...599)
        finalURL = reader.optionalString("finalURL")
        redirectCount = reader.int("redirectCount", in: 0...100, default: 0)
        responseTimeMs = reader.optionalInt("responseTimeMs", in: 0...3_600_000)
        server = reader.optionalString("server")
        contentType = reader.optionalString("contentType")
        hstsEnabled = reader.bool("hstsEnabled", default: false)
        headers = reader.stringMap("headers")
    }

    public func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("url", url)
        writer.field("statusCode", statusCode)
        writer.field("finalURL", finalURL)
        writer.field("redirectCount", redirectCount)
        writer.field("responseTimeMs", responseTimeMs)
        writer.field("server", server)
        writer.field("contentType", contentType)
        writer.field("hstsEnabled", hstsEnabled)
        writer.field("headers", headers)
        writer.unknownFields(unknownFields)
        writer.endObject()
    }
}
