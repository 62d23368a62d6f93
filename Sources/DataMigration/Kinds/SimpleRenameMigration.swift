import DataStore

/// Moves a value from a legacy key to its new key and removes the legacy key.
///
/// When both keys hold data (a downgrade wrote the old key again), `combine` merges them;
/// without it the destination is kept and the legacy value dropped.
public struct SimpleRenameMigration: StorageMigration, KindedMigration {
    public let identifier: String
    public let sourceKey: StorageKey
    public let destinationKey: StorageKey
    /// Merges (destination, source) when both exist.
    public let combine: (@Sendable (StoreValue, StoreValue) throws -> (value: StoreValue, count: Int))?
    let kind = MigrationKind.simpleRename

    public init(
        identifier: String, from sourceKey: StorageKey, to destinationKey: StorageKey,
        combine: (@Sendable (StoreValue, StoreValue) throws -> (value: StoreValue, count: Int))? = nil
    ) {
        self.identifier = identifier
        self.sourceKey = sourceKey
        self.destinationKey = destinationKey
        self.combine = combine
    }

    public func shouldMigrate(in store: any StoreTransaction, context: MigrationContext) throws -> Bool {
        try store.value(forKey: sourceKey.rawValue) != nil
    }

    public func migrate(in store: any StoreTransaction, context: MigrationContext) throws -> MigrationResult {
        guard let source = try store.value(forKey: sourceKey.rawValue) else { return .nothingToDo }
        var count = 1
        if let destination = try store.value(forKey: destinationKey.rawValue) {
            if let combine {
                let combined = try combine(destination, source)
                try store.set(combined.value, forKey: destinationKey.rawValue)
                count = combined.count
            }
        } else {
            try store.set(source, forKey: destinationKey.rawValue)
        }
        try store.removeValue(forKey: sourceKey.rawValue)
        return MigrationResult(
            success: true, migratedCount: count,
            metadata: ["from": sourceKey.rawValue, "to": destinationKey.rawValue])
    }
}
