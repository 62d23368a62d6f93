import DataStore

/// One change to the store's layout, in the protocol-based style of the migration plan
/// (seed 000), adapted to this code: a migration works inside a store transaction — the
/// "router" it is given — so the caller decides what commits together.
///
///     struct DropFlag: StorageMigration {
///         let identifier = "v9.drop-flag"
///         let destinationKey = StorageKey.appPreferences
///         func shouldMigrate(in store: any StoreTransaction, context: MigrationContext) throws -> Bool {
///             try store.value(forKey: "legacyFlag") != nil
///         }
///         func migrate(in store: any StoreTransaction, context: MigrationContext) throws -> MigrationResult {
///             try store.removeValue(forKey: "legacyFlag")
///             return MigrationResult(success: true, migratedCount: 1)
///         }
///     }
public protocol StorageMigration: Sendable {
    /// A stable name for the journal and messages: `v1.rename-watched-domains`.
    var identifier: String { get }

    /// The key the migration writes.
    var destinationKey: StorageKey { get }

    /// Whether there is anything to do; must not write.
    func shouldMigrate(in store: any StoreTransaction, context: MigrationContext) throws -> Bool

    /// Performs the change. Must be safe on an empty store and safe to re-run.
    /// - Returns: the outcome; `success == false` makes the runner roll the step back.
    func migrate(in store: any StoreTransaction, context: MigrationContext) throws -> MigrationResult
}
