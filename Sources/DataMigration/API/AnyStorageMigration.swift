import DataStore

/// A type-erased `StorageMigration`, so steps can hold migrations of different types.
public struct AnyStorageMigration: StorageMigration {
    public let identifier: String
    public let destinationKey: StorageKey
    /// The migration's kind, for `status` and the docs.
    public let kind: MigrationKind
    private let migration: any StorageMigration

    public init<Migration: StorageMigration>(_ migration: Migration) {
        identifier = migration.identifier
        destinationKey = migration.destinationKey
        kind = (migration as? any KindedMigration)?.kind ?? .custom
        self.migration = migration
    }

    public func shouldMigrate(in store: any StoreTransaction, context: MigrationContext) throws -> Bool {
        try migration.shouldMigrate(in: store, context: context)
    }

    public func migrate(in store: any StoreTransaction, context: MigrationContext) throws -> MigrationResult {
        try migration.migrate(in: store, context: context)
    }
}

/// The four kinds of the migration plan.
public enum MigrationKind: String, Sendable {
    /// A key renamed (`watchedDomains` → `trackedDomains`).
    case simpleRename = "simple rename"
    /// A blob rewritten into a new shape.
    case transforming
    /// Several keys combined into one.
    case aggregating
    /// Another migration, run only when the store's contents call for it.
    case conditional
    /// A migration outside the four kinds.
    case custom
}

/// A migration that says which kind it is.
protocol KindedMigration {
    var kind: MigrationKind { get }
}

// Erasing an already erased migration again (`AnyStorageMigration(erased)`, easy to do when
// passing one to `ConditionalMigration` or a step list) must keep its kind, not make it `.custom`.
extension AnyStorageMigration: KindedMigration {}
