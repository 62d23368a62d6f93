import Foundation

extension TrackedDomain {
    /// The most tags a domain keeps.
    public static let maxTags = 32

    /// Merge rule: the record added first is the base (its id, display name and notes win
    /// unless empty); the earliest `addedAt` and the latest `lastLookupAt` are kept; the
    /// expiry and status come from the most recently looked-up record; tags are unioned;
    /// favourite if either is. Unknown fields are unioned, the base's winning a clash.
    public func merged(with other: TrackedDomain) -> TrackedDomain {
        let (base, second) = other.addedAt < addedAt ? (other, self) : (self, other)
        var result = base
        result.unknownFields = base.unknownFields.merged(with: second.unknownFields)
        if base.displayName?.isEmpty ?? true { result.displayName = second.displayName ?? base.displayName }
        if result.notes.isEmpty { result.notes = second.notes }
        result.tags = TrackedDomain.distinctTags(base.tags + second.tags)
        result.isFavorite = base.isFavorite || second.isFavorite
        let newer = (second.lastLookupAt ?? .distantPast) > (base.lastLookupAt ?? .distantPast) ? second : base
        result.lastLookupAt = newer.lastLookupAt
        result.expiresAt = newer.expiresAt ?? base.expiresAt ?? second.expiresAt
        result.status = newer.status
        return result
    }

    /// Tags trimmed, without empties and case-insensitive duplicates, at most the limit.
    static func distinctTags(_ tags: [String]) -> [String] {
        Array(distinctTrimmed(tags).prefix(maxTags))
    }
}
