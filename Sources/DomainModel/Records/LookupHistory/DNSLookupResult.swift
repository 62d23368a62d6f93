import JSONCore

/// The DNS part of a lookup snapshot.
public struct DNSLookupResult: JSONRecord, Hashable {
    /// The resolver asked (a DoH URL or an address).
    public var resolver: String?
    /// How long the answers took, in milliseconds.
    public var responseTimeMs: Int?
    /// The answers; malformed ones are left out when read.
    public var records: [DNSRecord]
    /// The failure text when the lookup failed (NXDOMAIN, SERVFAIL, timeout).
    public var error: String?

    /// The most records one snapshot keeps.
    public static let maxRecords = 1000

    /// Fields this build does not know, kept as read and written back after the known ones.
    public var unknownFields = UnknownFields()

    public init(resolver: String? = nil, responseTimeMs: Int? = nil, records: [DNSRecord], error: String? = nil) {
        self.resolver = resolver
        self.responseTimeMs = responseTimeMs
        self.records = records
        self.error = error
    }

    public init(from reader: inout RecordReader) throws(RecordDecodingError) {
        resolver = reader.optionalString("resolver")
        responseTimeMs = reader.optionalInt("responseTimeMs", in: 0...3_600_000)
        records = reader.recordList("records", limit: DNSLookupResult.maxRecords)
        error = reader.optionalString("error")
    }

    public func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("resolver", resolver)
        writer.field("responseTimeMs", responseTimeMs)
        writer.field("records", records)
        writer.field("error", error)
        writer.unknownFields(unknownFields)
        writer.endObject()
    }
}
