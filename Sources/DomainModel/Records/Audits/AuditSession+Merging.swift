import Foundation

extension AuditSession {
    /// The most checks one session keeps.
    public static let maxChecks = 500

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
