import DataMigration
import DataStore
import DurableIO
import Foundation

/// What `status` reports, like `flyway info`: the store's version and this build's, the
/// steps still to run, the journal of those that ran, and what each key holds.
public struct StoreStatus: Sendable {
    public var location: StoreLocation
    /// The store's schema version (the marker counts as 1).
    public var storedVersion: Int
    /// The version this build migrates to.
    public var supportedVersion: Int
    /// Steps `migrate` would run (empty for a current or newer store).
    public var pendingSteps: [StoreVersionStep]
    /// Applied steps, oldest first.
    public var journal: [MigrationJournalEntry]
    public var inventory: StoreInventory
    public var hasPreVersioningMarker: Bool
    /// Temporary copies killed writers left beside the store: reported here, removed by the
    /// next command that writes the store (`import`, `migrate`, `sample`).
    public var leftovers: [URL]
    /// Legacy keys still present although the store is at or past the version whose
    /// migration consumed them (`watchedDomains` beside the marker; preference keys an older
    /// app wrote again after version 2): the data no longer comes from them, and an export
    /// carries them verbatim.
    public var leftoverKeys: [String]
    /// Keys this build does not know (a newer app's), which an export carries verbatim.
    public var unknownKeys: [String]

    public var isNewerThanThisBuild: Bool { storedVersion > supportedVersion }

    /// Reads the status of the store `explicitPath` (or the default one) without writing
    /// anything or creating anything beside it (`StoreSnapshot`): it works on a store the user
    /// may only read.
    public init(
        explicitPath: String?, locator: StoreLocator = StoreLocator(),
        migrations: DataMigrationService = DataMigrationService()
    ) throws {
        location = try locator.locate(explicitPath: explicitPath)
        let url = FileIdentity.resolvingSymlinks(location.url)
        let store = try StoreOpener.openForReading(at: url)
        defer { try? store.close() }
        storedVersion = try DataMigrationService.storedVersion(in: store)
        supportedVersion = migrations.targetVersion
        pendingSteps = storedVersion > supportedVersion ? [] : try migrations.pendingSteps(in: store)
        journal = try MigrationJournal.entries(in: store)
        inventory = try StoreInventory(reading: store)
        let marker = try store.value(forKey: StorageKey.preVersioningMarker.rawValue)
        hasPreVersioningMarker = marker == .bool(true) || marker == .integer(1)
        leftovers = StoreLeftovers.find(beside: url)
        let keys = inventory.entries.map(\.key)
        let version = storedVersion
        leftoverKeys = keys.filter { StorageKey(rawValue: $0)?.retiredInVersion.map { version >= $0 } ?? false }
        unknownKeys = keys.filter { StorageKey(rawValue: $0) == nil }
    }
}
