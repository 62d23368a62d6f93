import DataMigration
import DataStore
import DurableIO
import Foundation

/// A store opened by a command that only reads it — export, backup, status (design §8): no
/// lock, nothing written to it or created beside it, every value from one state of it, and
/// its data seen at this build's schema version.
///
/// An older store is read through `DataMigrationService.currentView(of:)`: the pending steps
/// run in memory and the store stays exactly as it was, so the app beside backupctl can go on
/// using it at its own version. `migrate` and `import` are the commands that write.
///
///     let backup = try ReadOnlyStore.reading(explicitPath: nil) { store in
///         try BackupExporter().export(from: store, to: .file(url))
///     }
public final class ReadOnlyStore {
    /// Where the store is, and which rule chose it (the path as the user gave it).
    public let location: StoreLocation
    /// The store's file, symbolic links resolved.
    public let url: URL
    /// The store as it is on disk, read only.
    public let snapshot: StoreSnapshot
    /// The store at this build's version: what to export.
    public let current: CurrentStoreView

    private init(location: StoreLocation, url: URL, snapshot: StoreSnapshot, current: CurrentStoreView) {
        self.location = location
        self.url = url
        self.snapshot = snapshot
        self.current = current
    }

    /// Locates the store and opens it for reading.
    /// - Parameters:
    ///   - explicitPath: the `--store` argument, if given.
    ///   - locator: how the default location is found.
    ///   - migrations: the steps that bring the data to this build's version.
    /// - Throws: `StoreError` (`notFound`, `notAStore`…); `MigrationError.storeIsNewer` for a
    ///   store from a newer build.
    public static func open(
        explicitPath: String?, locator: StoreLocator = StoreLocator(),
        migrations: DataMigrationService = DataMigrationService()
    ) throws -> ReadOnlyStore {
        let location = try locator.locate(explicitPath: explicitPath)
        let url = FileIdentity.resolvingSymlinks(location.url)
        let snapshot = try StoreOpener.openForReading(at: url)
        do {
            return ReadOnlyStore(
                location: location, url: url, snapshot: snapshot, current: try migrations.currentView(of: snapshot))
        } catch {
            try? snapshot.close()
            throw error
        }
    }

    /// Opens the store, runs `body`, closes the store; when another process wrote the store
    /// meanwhile in a way that could have mixed two of its states
    /// (`StoreError.changedWhileReading`), does it all again, up to `attempts` times.
    /// `body` must keep nothing of a run that throws: an export commits its file only after
    /// the read is confirmed (`snapshot.verifyConsistentRead()`).
    /// - Throws: what `open` or `body` throws; `.changedWhileReading` after the last attempt.
    public static func reading<Result>(
        explicitPath: String?, locator: StoreLocator = StoreLocator(),
        migrations: DataMigrationService = DataMigrationService(), attempts: Int = 3,
        _ body: (ReadOnlyStore) throws -> Result
    ) throws -> Result {
        var attempt = 1
        while true {
            let store = try open(explicitPath: explicitPath, locator: locator, migrations: migrations)
            defer { store.close() }
            do {
                return try body(store)
            } catch StoreError.changedWhileReading where attempt < attempts {
                attempt += 1
            }
        }
    }

    /// Temporary copies killed writers left beside the store: reported, never removed by a
    /// reader (a writer holding the lock removes them).
    public var leftovers: [URL] { StoreLeftovers.find(beside: url) }

    /// Ends the read. Safe to call more than once.
    public func close() {
        try? snapshot.close()
    }
}
