import DataStore

/// Runs another migration only when a condition on the store (or the context) holds.
public struct ConditionalMigration: StorageMigration, KindedMigration {
    public let identifier: String
    /// What the condition checks, for `status` and the journal.
    public let conditionDescription: String
    public let condition: @Sendable (any StoreTransaction, MigrationContext) throws -> Bool
    public let migration: AnyStorageMigration
    let kind = MigrationKind.conditional

    public var destinationKey: StorageKey { migration.destinationKey }

    public init(
        identifier: String, when conditionDescription: String,
        condition: @escaping @Sendable (any StoreTransaction, MigrationContext) throws -> Bool,
        run migration: AnyStorageMigration
    ) {
        self.identifier = identifier
        self.conditionDescription = conditionDescription
        self.condition = condition
        self.migration = migration
    }

    public func shouldMigrate(in store: any StoreTransaction, context: MigrationContext) throws -> Bool {
        try condition(store, context) && migration.shouldMigrate(in: store, context: context)
    }

    public func migrate(in store: any StoreTransaction, context: MigrationContext) throws -> MigrationResult {
        guard try condition(store, context) else { return .nothingToDo }
        var result = try migration.migrate(in: store, context: context)
        result.metadata["condition"] = conditionDescription
        return result
    }
}
