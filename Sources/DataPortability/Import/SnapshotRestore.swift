import DataMigration
import DataStore
import Foundation

/// Restores a store snapshot (`SafetySnapshot`) — the undo of an import, which `import`
/// prints and runs when given a store file rather than a backup: every key of the store
/// becomes the snapshot's, exactly, and keys the snapshot lacks are removed, in one
/// transaction under the store's lock. A snapshot of the store is taken first, as before any
/// import, so the undo can be undone too.
struct SnapshotRestore {
    let importer: BackupImporter

    /// Restores the store snapshot at `url` into `store`.
    /// - Throws: `SnapshotRestoreError.needsReplaceMode` for `--mode merge`;
    ///   `MigrationError.storeIsNewer` when the snapshot or the store comes from a newer build;
    ///   `StoreError` when the snapshot is not a DomainDig store or a store cannot be read or
    ///   written. The store is then unchanged.
    func run(snapshot url: URL, into store: LockedStore) throws -> ImportSummary {
        guard importer.mode == .replace else { throw SnapshotRestoreError.needsReplaceMode(path: url.path) }
        _ = try importer.migrations.pendingSteps(in: store.store)
        // Only read, like any input: nothing is written to the snapshot or created beside it.
        let snapshot = try StoreOpener.openForReading(at: url)
        defer { try? snapshot.close() }
        let snapshotVersion = try DataMigrationService.storedVersion(in: snapshot)
        _ = try importer.migrations.pendingSteps(in: snapshot)
        var safetySnapshot: URL?
        do {
            let counts = try store.store.inTransaction { transaction in
                if importer.makesSafetySnapshot && !importer.isDryRun {
                    safetySnapshot = try SafetySnapshot.write(of: store, clock: importer.clock)
                }
                let counts = try restore(from: snapshot, into: transaction)
                // Every value came from one state of the snapshot, or nothing is committed.
                try snapshot.verifyConsistentRead()
                return importer.isDryRun ? .rollback(counts) : .commit(counts)
            }
            // (A dry run made no safety snapshot, and its summary says the store did not change.)
            let changed = counts.written + counts.removed > 0
            if !changed, let unneeded = safetySnapshot {
                try? FileManager.default.removeItem(at: unneeded)
                safetySnapshot = nil
            }
            return ImportSummary(
                file: url.path, schemaVersion: snapshotVersion, mode: importer.mode, isDryRun: importer.isDryRun,
                storePath: store.location.url.path, safetySnapshot: safetySnapshot?.path,
                storeChanged: changed && !importer.isDryRun, restoredKeys: counts)
        } catch {
            if let safetySnapshot { try? FileManager.default.removeItem(at: safetySnapshot) }
            throw error
        }
    }

    /// Makes every key of `transaction` the snapshot's, one value in memory at a time.
    private func restore(from snapshot: any StoreReading, into transaction: any StoreTransaction) throws
        -> RestoredKeys
    {
        var counts = RestoredKeys()
        let keys = try snapshot.keys()
        let kept = Set(keys)
        for key in try transaction.keys() where !kept.contains(key) {
            try transaction.removeValue(forKey: key)
            counts.removed += 1
        }
        for key in keys {
            guard let value = try snapshot.value(forKey: key) else { continue }
            if try transaction.value(forKey: key) == value {
                counts.unchanged += 1
            } else {
                try transaction.set(value, forKey: key)
                counts.written += 1
            }
        }
        return counts
    }
}

/// Why a store snapshot was not restored; nothing was changed.
public enum SnapshotRestoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A store snapshot is restored whole, which is what `--mode replace` says; merging a
    /// store file is not something `import` does.
    case needsReplaceMode(path: String)

    public var description: String {
        switch self {
        case .needsReplaceMode(let path):
            "\(path) is a store snapshot, which is restored whole: run the import with --mode replace."
        }
    }
}
