import DataStore

/// Rewrites the value under a key into a new shape (or a new key).
///
/// `transform` returns nil when the value is already in the new shape, which makes the
/// migration safe to re-run; otherwise the new value and how many records it changed. With a
/// separate destination key the value moves there either way, and the source key is removed.
public struct TransformingMigration: StorageMigration, KindedMigration {
    public let identifier: String
    public let sourceKey: StorageKey
    public let destinationKey: StorageKey
    public let transform: @Sendable (StoreValue) throws -> (value: StoreValue, count: Int)?
    let kind = MigrationKind.transforming

    public init(
        identifier: String, key: StorageKey, destinationKey: StorageKey? = nil,
        transform: @escaping @Sendable (StoreValue) throws -> (value: StoreValue, count: Int)?
    ) {
        self.identifier = identifier
        self.sourceKey = key
        self.destinationKey = destinationKey ?? key
        self.transform = transform
    }

    public func shouldMigrate(in store: any StoreTransaction, context: MigrationContext) throws -> Bool {
        try store.value(forKey: sourceKey.rawValue) != nil
    }

    public func migrate(in store: any StoreTransaction, context: MigrationContext) throws -> MigrationResult {
        guard let value = try store.value(forKey: sourceKey.rawValue) else { return .nothingToDo }
        let transformed: (value: StoreValue, count: Int)?
        do {
            transformed = try transform(value)
        } catch let error as MigrationError {
            return MigrationResult(success: false, errors: [error])
        }
        guard let transformed else {
            guard sourceKey != destinationKey else { return .nothingToDo }
            // Already in the new shape but still under the old key: it must still move, or
            // the new key never sees it and the migration stays pending forever.
            try store.set(value, forKey: destinationKey.rawValue)
            try store.removeValue(forKey: sourceKey.rawValue)
            return MigrationResult(
                success: true, migratedCount: 1, metadata: ["from": sourceKey.rawValue, "to": destinationKey.rawValue])
        }
        try store.set(transformed.value, forKey: destinationKey.rawValue)
        if sourceKey != destinationKey { try store.removeValue(forKey: sourceKey.rawValue) }
        return MigrationResult(success: true, migratedCount: transformed.count)
    }
}
