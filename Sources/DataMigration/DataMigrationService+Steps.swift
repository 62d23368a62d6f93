import DataStore
import DomainModel
import Foundation

extension DataMigrationService {
    func makeContext(_ store: any StoreReading) throws -> MigrationContext {
        var history: [String: Date] = [:]
        for entry in try MigrationJournal.entries(in: store) {
            for identifier in entry.counts.keys { history[identifier] = entry.appliedAt }
        }
        return MigrationContext(migrationHistory: history, now: now())
    }

    /// Runs one step inside `transaction` and stamps it; nil when the store is already past it.
    func apply(_ step: StoreVersionStep, in transaction: any StoreTransaction) throws -> AppliedStep? {
        let stored = try DataMigrationService.storedVersion(in: transaction)
        guard stored < step.version else { return nil }
        let context = try makeContext(transaction)
        let started = Date()
        let results = try step.migrations.map { migration in
            let migrationStarted = Date()
            guard try migration.shouldMigrate(in: transaction, context: context) else {
                return AppliedStep.Outcome(
                    identifier: migration.identifier, kind: migration.kind, ran: false, result: .nothingToDo)
            }
            var result: MigrationResult
            do {
                result = try migration.migrate(in: transaction, context: context)
            } catch let error as MigrationError {
                result = MigrationResult(success: false, errors: [error])
            }
            result.duration = Date().timeIntervalSince(migrationStarted)
            guard result.success else {
                throw MigrationError.stepFailed(
                    version: step.version, migration: migration.identifier, storedVersion: stored,
                    reason: result.errors.map(\.description).joined(separator: " "))
            }
            return AppliedStep.Outcome(
                identifier: migration.identifier, kind: migration.kind, ran: true, result: result)
        }
        let duration = Date().timeIntervalSince(started)
        try transaction.set(.integer(step.version), forKey: StorageKey.storeSchemaVersion.rawValue)
        var counts: [String: Int] = [:]
        for outcome in results where outcome.ran { counts[outcome.identifier] = outcome.result.migratedCount }
        try MigrationJournal.append(
            MigrationJournalEntry(
                step: step.version, fromVersion: stored, toVersion: step.version, appliedAt: context.now,
                durationMs: Int((duration * 1000).rounded()), counts: counts,
                tool: "\(ToolIdentity.name) \(ToolIdentity.version)"), in: transaction)
        return AppliedStep(
            version: step.version, title: step.title, fromVersion: stored, outcomes: results, duration: duration)
    }
}

/// A store seen at this build's schema version, without writing to it
/// (`DataMigrationService.currentView(of:)`).
public struct CurrentStoreView {
    /// What to read: the store itself when it is current, else an overlay holding the steps'
    /// changes in memory.
    public let reader: any StoreReading
    /// The steps applied in memory; `fromVersion` is the version the data was read at.
    public let report: MigrationReport
}

/// What `migrateIfNeeded` (or a dry run) did.
public struct MigrationReport: Sendable {
    public var fromVersion: Int
    /// The version after (for a dry run: the version it would reach).
    public var toVersion: Int
    /// The steps applied, in order.
    public var applied: [AppliedStep]
    /// Whether this was a dry run (nothing written).
    public var isDryRun: Bool
}

/// One step that ran.
public struct AppliedStep: Sendable {
    /// One migration of the step.
    public struct Outcome: Sendable {
        public var identifier: String
        public var kind: MigrationKind
        /// False when `shouldMigrate` found nothing to do.
        public var ran: Bool
        public var result: MigrationResult
    }

    public var version: Int
    public var title: String
    public var fromVersion: Int
    public var outcomes: [Outcome]
    public var duration: TimeInterval
}
