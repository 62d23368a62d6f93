import Foundation
import JSONCore

/// One lookup of a domain at a point in time (store key `lookupHistory`): DNS, registration,
/// TLS and HTTP results, each present when that probe ran.
///
/// Natural key: `id`. Snapshots are immutable captures, so a duplicate only fills in
/// probes the first copy lacks.
public struct LookupSnapshot: DeduplicatingRecord, Hashable {
    public var id: UUID
    /// The domain looked up, canonical.
    public var domain: String
    /// When the lookup ran.
    public var capturedAt: Date
    /// What started it.
    public var trigger: Lenient<LookupTrigger>
    /// Wall time of the whole lookup, in milliseconds.
    public var durationMs: Int
    public var dns: DNSLookupResult?
    public var registration: RegistrationSummary?
    public var tls: TLSCertificateSummary?
    public var http: HTTPProbeResult?

    /// Fields this build does not know, kept as read and written back after the known ones.
    public var unknownFields = UnknownFields()

    public init(
        id: UUID, domain: String, capturedAt: Date, trigger: LookupTrigger = .manual, durationMs: Int = 0,
        dns: DNSLookupResult? = nil, registration: RegistrationSummary? = nil,
        tls: TLSCertificateSummary? = nil, http: HTTPProbeResult? = nil
    ) {
        self.id = id
        self.domain = DomainName.canonical(domain)
        self.capturedAt = capturedAt
        self.trigger = Lenient(trigger)
        self.durationMs = durationMs
        self.dns = dns
        self.registration = registration
        self.tls = tls
        self.http = http
    }

    public init(from reader: inout RecordReader) throws(RecordDecodingError) {
        id = try reader.requiredID("id")
        domain = try reader.requiredDomain("domain")
        capturedAt = try reader.requiredDate("capturedAt")
        trigger = reader.enumeration("trigger", default: .manual)
        durationMs = reader.int("durationMs", in: 0...86_400_000, default: 0)
        dns = reader.optionalRecord("dns")
        registration = reader.optionalRecord("registration")
        tls = reader.optionalRecord("tls")
        http = reader.optionalRecord("http")
    }

    public func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("id", id)
        writer.field("domain", domain)
        writer.field("capturedAt", capturedAt)
        writer.field("trigger", trigger)
        writer.field("durationMs", durationMs)
        writer.field("dns", dns)
        writer.field("registration", registration)
        writer.field("tls", tls)
        writer.field("http", http)
        writer.unknownFields(unknownFields)
        writer.endObject()
    }

    public var naturalKey: UUID { id }

    /// Merge rule: the first copy wins field by field; a probe it lacks (nil) is taken from
    /// the other copy. Unknown fields are unioned, the first copy's winning a clash.
    public func merged(with other: LookupSnapshot) -> LookupSnapshot {
        var result = self
        result.unknownFields = unknownFields.merged(with: other.unknownFields)
        result.dns = dns ?? other.dns
        result.registration = registration ?? other.registration
        result.tls = tls ?? other.tls
        result.http = http ?? other.http
        return result
    }
}
