import DataStore
import DomainModel
import Foundation

/// Keeps the store's schema current: `migrateIfNeeded(store:)` runs for `migrate`, and the
/// same steps run inside every import's transaction (`applyPendingSteps(in:)`), keeping the
/// policy's contract word for word —
/// 1. forward-only: each step above the stored version runs in ascending order, and the new
///    version is stamped after each step, in the same transaction as the step;
/// 2. never downgrades: a store stamped newer than this build is left untouched and
///    reported (`MigrationError.storeIsNewer`);
/// 3. every step is safe on an empty store and safe to re-run;
/// 4. a store without a stamp but with the pre-versioning marker `data.migrations.v3_4_0`
///    is at version 1, so v1 never re-runs for it.
/// Each applied step is journaled under `data.migrationJournal`.
///
/// Export departs from the policy's "migrate before export" on purpose (design §6): backupctl
/// runs beside the app, and a backup must never be what changes the store. It reads the store
/// through `currentView(of:)`, which applies the pending steps in memory only.
public struct DataMigrationService: Sendable {
    /// The store schema version this build writes and understands.
    public static let currentStoreSchemaVersion = 3

    /// Every store version this build knows, in order.
    public static let storeVersions: [StoreVersionStep] = [StoreVersion1.step, StoreVersion2.step, StoreVersion3.step]

    /// The steps this service runs (the real ones, or others in tests).
    public let steps: [StoreVersionStep]
    /// The time recorded in the journal.
    public let now: @Sendable () -> Date

    public init(
        steps: [StoreVersionStep] = DataMigrationService.storeVersions, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        precondition(
            steps.enumerated().allSatisfy { $0.offset + 1 == $0.element.version },
            "store versions must be 1, 2, 3… without gaps")
        self.steps = steps
        self.now = now
    }

    /// The version the steps lead to.
    public var targetVersion: Int { steps.last?.version ?? 0 }

    /// The store's schema version: the stamp, else 1 when the pre-versioning marker is set,
    /// else 0.
    /// - Throws: `MigrationError.unreadableVersion` when the stamp is not an integer.
    public static func storedVersion(in store: any StoreReading) throws -> Int {
        switch try store.value(forKey: StorageKey.storeSchemaVersion.rawValue) {
        case .integer(let version)?:
            return version
        case .double(let version)?:
            // `Int(exactly:)`, not `Int(_:)`: a stamp such as 1e300 or 2.5 is reported, never a trap.
            guard let exact = Int(exactly: version) else {
                throw MigrationError.unreadableVersion(location: store.location, found: "the number \(version)")
            }
            return exact
        case nil:
            switch try store.value(forKey: StorageKey.preVersioningMarker.rawValue) {
            case .bool(true)?, .integer(1)?: return 1
            default: return 0
            }
        case let other?:
            throw MigrationError.unreadableVersion(location: store.location, found: other.kindName)
        }
    }

    /// The steps `migrateIfNeeded` would run.
    /// - Throws: `MigrationError.storeIsNewer` for a store from a newer build.
    public func pendingSteps(in store: any StoreReading) throws -> [StoreVersionStep] {
        let stored = try DataMigrationService.storedVersion(in: store)
        guard stored <= targetVersion else {
            throw MigrationError.storeIsNewer(found: stored, supported: targetVersion, location: store.location)
        }
        return steps.filter { $0.version > stored }
    }

    /// Brings `store` to the current version, one committed transaction per step.
    /// - Throws: `MigrationError.storeIsNewer` (nothing touched), `.stepFailed` (the failed
    ///   step rolled back, earlier steps kept), or the store's error.
    @discardableResult
    public func migrateIfNeeded(store: any KeyValueStore) throws -> MigrationReport {
        let from = try DataMigrationService.storedVersion(in: store)
        let applied = try pendingSteps(in: store).compactMap { step in
            try store.transaction { transaction in try apply(step, in: transaction) }
        }
        return MigrationReport(
            fromVersion: from, toVersion: max(from, targetVersion), applied: applied, isDryRun: false)
    }

    /// Runs the pending steps in one transaction and rolls it back: what `migrateIfNeeded`
    /// would do, with real counts, and the store unchanged.
    public func dryRun(store: any KeyValueStore) throws -> MigrationReport {
        let from = try DataMigrationService.storedVersion(in: store)
        let pending = try pendingSteps(in: store)
        let applied = try store.inTransaction { transaction in
            .rollback(try pending.compactMap { try apply($0, in: transaction) })
        }
        return MigrationReport(fromVersion: from, toVersion: max(from, targetVersion), applied: applied, isDryRun: true)
    }

    /// The store as this build's version holds it, without writing to it: the pending steps
    /// run against an in-memory overlay of `store` (`StoreOverlay`), exactly as `migrate`
    /// would run them — stamp and journal entry included — and nothing reaches the store.
    ///
    /// Export reads through this, so an older store is exported in today's shape while the
    /// app beside backupctl goes on using it at its own version.
    /// - Parameter store: the store, read only (a `StoreSnapshot`).
    /// - Returns: what to read, and the report: `fromVersion` is the version the data was
    ///   read at, `toVersion` the version it was brought to, `isDryRun` true (nothing written).
    /// - Throws: `MigrationError.storeIsNewer` for a store from a newer build; `.stepFailed`;
    ///   the store's errors.
    public func currentView(of store: any StoreReading) throws -> CurrentStoreView {
        let from = try DataMigrationService.storedVersion(in: store)
        let pending = try pendingSteps(in: store)
        let overlay = StoreOverlay(over: store)
        let applied = try pending.compactMap { try apply($0, in: overlay) }
        return CurrentStoreView(
            reader: pending.isEmpty ? store : overlay,
            report: MigrationReport(
                fromVersion: from, toVersion: max(from, targetVersion), applied: applied, isDryRun: true))
    }

    /// Runs the pending steps inside the caller's transaction (import commits them with its
    /// own writes, so a failed import leaves the store exactly as it was).
    public func applyPendingSteps(in transaction: any StoreTransaction) throws -> [AppliedStep] {
        try pendingSteps(in: transaction).compactMap { try apply($0, in: transaction) }
    }

    /// Runs one migration by identifier whatever `shouldMigrate` says and whatever the
    /// stored version, in its own transaction, and journals it (the plan's `forceMigration`).
    public func forceMigration(_ identifier: String, store: any KeyValueStore) throws -> MigrationResult {
        guard
            let (step, migration) = steps.lazy.flatMap({ step in step.migrations.map { (step, $0) } })
                .first(where: { $0.1.identifier == identifier })
        else { throw MigrationError.unknownMigration(identifier) }
        return try store.transaction { transaction in
            let context = try makeContext(transaction)
            let started = Date()
            var result = try migration.migrate(in: transaction, context: context)
            result.duration = Date().timeIntervalSince(started)
            let stored = try DataMigrationService.storedVersion(in: transaction)
            guard result.success else {
                throw MigrationError.stepFailed(
                    version: step.version, migration: identifier, storedVersion: stored,
                    reason: result.errors.map(\.description).joined(separator: " "))
            }
            try MigrationJournal.append(
                MigrationJournalEntry(
                    step: step.version, fromVersion: stored, toVersion: stored, appliedAt: context.now,
                    durationMs: Int(result.duration * 1000), counts: [identifier: result.migratedCount],
                    tool: "\(ToolIdentity.name) \(ToolIdentity.version) (forced)"), in: transaction)
            return result
        }
    }
}
