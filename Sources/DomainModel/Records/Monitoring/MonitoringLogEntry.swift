import Foundation
import JSONCore

/// One result of a scheduled check (store key `monitoring.logs`).
///
/// Natural key: `id`.
public struct MonitoringLogEntry: DeduplicatingRecord, Hashable {
    public var id: UUID
    /// The checked domain, canonical.
    public var domain: String
    public var checkedAt: Date
    public var event: Lenient<MonitoringEvent>
    public var severity: Lenient<Severity>
    public var message: String
    /// The lookup snapshot the check produced, in `lookupHistory`.
    public var snapshotID: UUID?
    /// Whether the user dismissed it.
    public var acknowledged: Bool

    /// Fields this build does not know, kept as read and written back after the known ones.
    public var unknownFields = UnknownFields()

    public init(
        id: UUID, domain: String, checkedAt: Date, event: MonitoringEvent, severity: Severity = .info,
        message: String = "", snapshotID: UUID? = nil, acknowledged: Bool = false
    ) {
        self.id = id
        self.domain = DomainName.canonical(domain)
        self.checkedAt = checkedAt
        self.event = Lenient(event)
        self.severity = Lenient(severity)
        self.message = message
        self.snapshotID = snapshotID
        self.acknowledged = acknowledged
    }

    public init(from reader: inout RecordReader) throws(RecordDecodingError) {
        id = try reader.requiredID("id")
        domain = try reader.requiredDomain("domain")
        checkedAt = try reader.requiredDate("checkedAt")
        event = reader.enumeration("event", default: .dnsChange)
        severity = reader.enumeration("severity", default: .medium)
        message = reader.string("message", default: "")
        snapshotID = reader.optionalID("snapshotId")
        acknowledged = reader.bool("acknowledged", default: false)
    }

    public func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("id", id)
        writer.field("domain", domain)
        writer.field("checkedAt", checkedAt)
        writer.field("event", event)
        writer.field("severity", severity)
        writer.field("message", message)
        writer.field("snapshotId", snapshotID)
        writer.field("acknowledged", acknowledged)
        writer.unknownFields(unknownFields)
        writer.endObject()
    }

    public var naturalKey: UUID { id }

    /// Merge rule: the first copy wins, acknowledged if either copy is, and the snapshot
    /// link is taken from the other copy when the first lacks one. Unknown fields are unioned,
    /// the first copy's winning a clash.
    public func merged(with other: MonitoringLogEntry) -> MonitoringLogEntry {
        var result = self
        result.unknownFields = unknownFields.merged(with: other.unknownFields)
        result.acknowledged = acknowledged || other.acknowledged
        result.snapshotID = snapshotID ?? other.snapshotID
        return result
    }
}
