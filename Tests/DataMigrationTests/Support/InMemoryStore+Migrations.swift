import DataMigration
import DataStore
import Foundation

extension InMemoryStore {
    /// Asks `migration` whether it would run, in a transaction that writes nothing.
    func shouldRun(_ migration: some StorageMigration, context: MigrationContext = MigrationContext()) throws -> Bool {
        try transaction { try migration.shouldMigrate(in: $0, context: context) }
    }

    /// Runs `migration` in a transaction of its own; commits only when it reports success.
    @discardableResult
    func run(_ migration: some StorageMigration, context: MigrationContext = MigrationContext()) throws
        -> MigrationResult
    {
        do {
            return try transaction { transaction in
                let result = try migration.migrate(in: transaction, context: context)
                guard result.success else { throw Failed(result: result) }
                return result
            }
        } catch let failed as Failed {
            return failed.result
        }
    }
}

/// Carries a failed result out of a transaction, so the transaction rolls back as the
/// runner's does.
private struct Failed: Error {
    var result: MigrationResult
}

extension StoreValue {
    /// A JSON blob, as the store keeps its documents.
    static func json(_ text: String) -> StoreValue {
        .data(Data(text.utf8))
    }
}
