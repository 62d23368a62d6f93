import DataStore

/// Combines several source keys into one destination key and removes the sources.
///
/// `aggregate` receives the destination's current value (nil on first run) and every source
/// present; values from the sources win, because a source present after an earlier run was
/// written by an older build since then.
public struct AggregatingMigration: StorageMigration, KindedMigration {
    public let identifier: String
    public let sourceKeys: [StorageKey]
    public let destinationKey: StorageKey
    public let aggregate: @Sendable (_ existing: StoreValue?, _ sources: [StorageKey: StoreValue]) throws -> StoreValue
    let kind = MigrationKind.aggregating

    public init(
        identifier: String, from sourceKeys: [StorageKey], to destinationKey: StorageKey,
        aggregate: @escaping @Sendable (StoreValue?, [StorageKey: StoreValue]) throws -> StoreValue
    ) {
        self.identifier = identifier
        self.sourceKeys = sourceKeys
        self.destinationKey = destinationKey
        self.aggregate = aggregate
    }

    public func shouldMigrate(in store: any StoreTransaction, context: MigrationContext) throws -> Bool {
        try sourceKeys.contains { try store.value(forKey: $0.rawValue) != nil }
    }

    public func migrate(in store: any StoreTransaction, context: MigrationContext) throws -> MigrationResult {
        var sources: [StorageKey: StoreValue] = [:]
        for key in sourceKeys {
            if let value = try store.value(forKey: key.rawValue) { sources[key] = value }
        }
        guard !sources.isEmpty else { return .nothingToDo }
        let combined: StoreValue
        do {
            combined = try aggregate(try store.value(forKey: destinationKey.rawValue), sources)
        } catch let error as MigrationError {
            return MigrationResult(success: false, errors: [error])
        }
        try store.set(combined, forKey: destinationKey.rawValue)
        for key in sources.keys { try store.removeValue(forKey: key.rawValue) }
        return MigrationResult(
            success: true, migratedCount: sources.count,
            metadata: ["sources": sources.keys.map(\.rawValue).sorted().joined(separator: ",")])
    }
}
