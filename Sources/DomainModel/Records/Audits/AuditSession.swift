import Foundation
import JSONCore

/// One audit of a domain and its checks (store key `domainAudits`).
///
/// Natural key: `id`.
public struct AuditSession: DeduplicatingRecord, Hashable {
    public var id: UUID
    /// The audited domain, canonical.
    public var domain: String
    public var startedAt: Date
    public var completedAt: Date?
    public var status: Lenient<AuditStatus>
    /// Overall score 0...100, once completed.
    public var score: Int?
    /// The checks, one per check id.
    public var checks: [AuditCheck]

    /// The most checks one session keeps.
    public static let maxChecks = 500

    /// Fields this build does not know, kept as read and written back after the known ones.
    public var unknownFields = UnknownFields()

    public init(
        id: UUID, domain: String, startedAt: Date, completedAt: Date? = nil, status: AuditStatus,
        score: Int? = nil, checks: [AuditCheck] = []
    ) {
        self.id = id
        self.domain = DomainName.canonical(domain)
        self.startedAt = startedAt
        self.completedAt = completedAt
        self.status = Lenient(status)
        self.score = score
        self.checks = AuditSession.distinctChecks(checks)
    }

    public init(from reader: inout RecordReader) throws(RecordDecodingError) {
        id = try reader.requiredID("id")
        domain = try reader.requiredDomain("domain")
        startedAt = try reader.requiredDate("startedAt")
        completedAt = reader.optionalDate("completedAt")
        status = reader.enumeration("status", default: .failed)
        score = reader.optionalInt("score", in: 0...100)
        checks = AuditSession.distinctChecks(reader.recordList("checks", limit: AuditSession.maxChecks))
    }

    public func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("id", id)
        writer.field("domain", domain)
        writer.field("startedAt", startedAt)
        writer.field("completedAt", completedAt)
        writer.field("status", status)
        writer.field("score", score)
        writer.field("checks", checks)
        writer.unknownFields(unknownFields)
        writer.endObject()
    }

    public var naturalKey: UUID { id }

    /// Merge rule: the copy that finished later (`completedAt`) wins, so a finished copy beats
    /// one that has not finished; ties keep the first. Checks are unioned by check id, the
    /// winner's version first, up to the limit. Unknown fields are unioned, the winner's
    /// winning a clash — of the sessions, and of two checks with one id.
    public func merged(with other: AuditSession) -> AuditSession {
        let otherIsNewer = (other.completedAt ?? .distantPast) > (completedAt ?? .distantPast)
        let (winner, loser) = otherIsNewer ? (other, self) : (self, other)
        var result = winner
        result.unknownFields = winner.unknownFields.merged(with: loser.unknownFields)
        result.checks = Array(AuditSession.distinctChecks(winner.checks + loser.checks).prefix(AuditSession.maxChecks))
        return result
    }

    /// One check per id, the first kept (with the unknown fields of the later ones it lacks).
    static func distinctChecks(_ checks: [AuditCheck]) -> [AuditCheck] {
        distinctElements(checks, by: \.id)
    }
}
