import JSONCore

/// One resource record from a DNS answer.
public struct DNSRecord: JSONRecord, Hashable {
    /// The record type.
    public var type: Lenient<DNSRecordType>
    /// The owner name, canonical; may hold `_service` labels or start with `*`.
    public var name: String
    /// The record data as presentation text (`93.184.216.34`, `mail.example.com`).
    public var value: String
    /// Time to live in seconds, 0...2147483647 (RFC 2181).
    public var ttl: Int
    /// MX/SRV preference, when the type has one.
    public var priority: Int?

    /// The largest TTL RFC 2181 allows.
    public static let maxTTL = 2_147_483_647

    /// Fields this build does not know, kept as read and written back after the known ones.
    public var unknownFields = UnknownFields()

    public init(type: DNSRecordType, name: String, value: String, ttl: Int, priority: Int? = nil) {
        self.type = Lenient(type)
        self.name = DomainName.canonical(name)
        self.value = value
        self.ttl = ttl
        self.priority = priority
    }

    public init(from reader: inout RecordReader) throws(RecordDecodingError) {
        type = reader.enumeration("type", default: .txt)
        name = try reader.requiredOwnerName("name")
        value = try reader.requiredString("value")
        ttl = reader.int("ttl", in: 0...DNSRecord.maxTTL, default: 0)
        priority = reader.optionalInt("priority", in: 0...65535)
    }

    public func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("type", type)
        writer.field("name", name)
        writer.field("value", value)
        writer.field("ttl", ttl)
        writer.field("priority", priority)
        writer.unknownFields(unknownFields)
        writer.endObject()
    }
}
