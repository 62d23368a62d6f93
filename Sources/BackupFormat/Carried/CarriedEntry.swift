/// The entries of a version 4 backup beside its sections: what the store held that this build
/// carries without understanding it, so that nothing is lost on the way (design §4).
///
/// Each is a JSON array in `carried/<name>.json`, listed in the manifest like a section and
/// checked the same way. An export writes an entry only when it has something to carry, and
/// writes the entries before the sections, so an import holds them when it saves a section.
public enum CarriedEntry: String, CaseIterable, Sendable, Hashable {
    /// Store keys that are neither current, internal nor consumed by a pending migration:
    /// keys of a newer app, and legacy keys left beside the current data (`CarriedStoreKey`).
    case storeKeys
    /// Stored records — elements of a collection, or a whole value — that cannot be read,
    /// with their section and the reason (`CarriedUnreadableRecord`).
    case unreadableRecords

    /// The entry path inside the archive.
    public var entryPath: String { "carried/\(rawValue).json" }

    /// The entry stored at `entryPath`, if any.
    public init?(entryPath: String) {
        guard entryPath.hasPrefix("carried/"), entryPath.hasSuffix(".json") else { return nil }
        self.init(rawValue: String(entryPath.dropFirst("carried/".count).dropLast(".json".count)))
    }
}
