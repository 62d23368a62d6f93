import Concurrency
import DataStore
import Foundation

@testable import DataMigration

/// A migration whose behaviour a test chooses: it first writes `writtenKey` (so a rollback
/// can be seen), then succeeds, reports a failure, or throws.
struct ScriptedMigration: StorageMigration {
    enum Outcome: String, Sendable, CaseIterable, CustomStringConvertible {
        case succeeds
        case reportsFailure
        case throwsMigrationError
        case throwsOtherError

        var description: String { rawValue }
    }

    /// An error that is not a `MigrationError`: the runner must roll back and rethrow it.
    struct UnrelatedError: Error, Equatable {}

    static let writtenKey = "test.scripted-write"

    let identifier: String
    let destinationKey = StorageKey.domainWorkflows
    let outcome: Outcome
    /// Receives the context the runner passes, for tests of `MigrationContext`.
    let contexts: ContextRecorder?

    init(identifier: String = "test.scripted", outcome: Outcome, contexts: ContextRecorder? = nil) {
        self.identifier = identifier
        self.outcome = outcome
        self.contexts = contexts
    }

    func shouldMigrate(in store: any StoreTransaction, context: MigrationContext) throws -> Bool {
        true
    }

    func migrate(in store: any StoreTransaction, context: MigrationContext) throws -> MigrationResult {
        contexts?.record(context)
        try store.set(.string("written by \(identifier)"), forKey: Self.writtenKey)
        switch outcome {
        case .succeeds: return MigrationResult(success: true, migratedCount: 1)
        case .reportsFailure: return MigrationResult(success: false, errors: [.validationFailed("scripted failure")])
        case .throwsMigrationError: throw MigrationError.transformationFailed("scripted failure")
        case .throwsOtherError: throw UnrelatedError()
        }
    }
}

/// Collects the contexts a migration was given.
final class ContextRecorder: Sendable {
    private let contexts = Locked<[MigrationContext]>([])

    func record(_ context: MigrationContext) {
        contexts.withLock { $0.append(context) }
    }

    var recorded: [MigrationContext] {
        contexts.withLock { $0 }
    }
}

extension DataMigrationService {
    /// The real version 1, then a version 2 that runs the real v2 migration and then
    /// `failing` — so a failure comes after a write of the same step.
    static func failingAtVersion2(_ outcome: ScriptedMigration.Outcome) -> DataMigrationService {
        let realVersion2 = DataMigrationService.storeVersions[1]
        let failing = StoreVersionStep(
            version: 2, title: "Scripted",
            migrations: realVersion2.migrations + [
                AnyStorageMigration(ScriptedMigration(identifier: "test.fails-midway", outcome: outcome))
            ])
        return DataMigrationService(steps: [DataMigrationService.storeVersions[0], failing])
    }
}
