import Foundation
import JSONCore

/// A domain the user follows (store key `trackedDomains`; legacy `watchedDomains`).
///
/// Natural key: the canonical domain. See `merged(with:)` for the merge rule.
public struct TrackedDomain: DeduplicatingRecord, Hashable {
    /// Stable identity, referenced by nothing else (other records name the domain).
    public var id: UUID
    /// The domain, canonical.
    public var domain: String
    /// A label the user gave the domain.
    public var displayName: String?
    /// Free-form notes.
    public var notes: String
    /// User tags, without duplicates (compared case-insensitively), in the order added.
    public var tags: [String]
    /// Whether the domain is actively followed.
    public var status: Lenient<TrackingStatus>
    /// Pinned to the top of the list.
    public var isFavorite: Bool
    /// When the user started tracking it.
    public var addedAt: Date
    /// The last lookup of the domain, if any.
    public var lastLookupAt: Date?
    /// The registration expiry seen at the last lookup, if any.
    public var expiresAt: Date?

    /// The most tags a domain keeps.
    public static let maxTags = 32

    /// Fields this build does not know, kept as read and written back after the known ones.
    public var unknownFields = UnknownFields()

    public init(
        id: UUID, domain: String, displayName: String? = nil, notes: String = "", tags: [String] = [],
        status: TrackingStatus = .active, isFavorite: Bool = false, addedAt: Date,
        lastLookupAt: Date? = nil, expiresAt: Date? = nil
    ) {
        self.id = id
        self.domain = DomainName.canonical(domain)
        self.displayName = displayName
        self.notes = notes
        self.tags = TrackedDomain.distinctTags(tags)
        self.status = Lenient(status)
        self.isFavorite = isFavorite
        self.addedAt = addedAt
        self.lastLookupAt = lastLookupAt
        self.expiresAt = expiresAt
    }

    public init(from reader: inout RecordReader) throws(RecordDecodingError) {
        id = try reader.requiredID("id")
        domain = try reader.requiredDomain("domain")
        addedAt = try reader.requiredDate("addedAt")
        displayName = reader.optionalString("displayName")
        notes = reader.string("notes", default: "")
        tags = TrackedDomain.distinctTags(reader.stringList("tags", limit: TrackedDomain.maxTags))
        status = reader.enumeration("status", default: .active)
        isFavorite = reader.bool("isFavorite", default: false)
        lastLookupAt = reader.optionalDate("lastLookupAt")
        expiresAt = reader.optionalDate("expiresAt")
    }

    public func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("id", id)
        writer.field("domain", domain)
        writer.field("displayName", displayName)
        writer.field("notes", notes)
        writer.field("tags", tags)
        writer.field("status", status)
        writer.field("isFavorite", isFavorite)
        writer.field("addedAt", addedAt)
        writer.field("lastLookupAt", lastLookupAt)
        writer.field("expiresAt", expiresAt)
        writer.unknownFields(unknownFields)
        writer.endObject()
    }

    public var naturalKey: String { domain }

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
