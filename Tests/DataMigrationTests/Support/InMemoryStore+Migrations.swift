import DataMigration
import DataStore
import Foundation
import Testing

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

    /// Runs `migration`, then expects it to have nothing left to do (`expectNothingToDo`).
    func expectIdempotent(_ migration: some StorageMigration, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        try run(migration)
        try expectNothingToDo(migration, sourceLocation: sourceLocation)
    }

    /// Expects `migration` to have nothing to do in this store: it does not ask to run, and run
    /// anyway it reports `.nothingToDo` and leaves every entry as it was.
    func expectNothingToDo(_ migration: some StorageMigration, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        let before = entries
        #expect(try !shouldRun(migration), sourceLocation: sourceLocation)
        #expect(try run(migration) == .nothingToDo, sourceLocation: sourceLocation)
        #expect(entries == before, sourceLocation: sourceLocation)
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
