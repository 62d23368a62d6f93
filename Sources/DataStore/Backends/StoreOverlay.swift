/// Writes kept in memory over a store that is only read: reads see the writes, the store
/// underneath never does.
///
/// Export brings an older store to today's shape this way (design §2): the pending migration
/// steps run against an overlay of the store, so the records are exported as this build
/// understands them while the store — which the app beside backupctl may still be using at
/// its own version — stays exactly as it was. Only changed values are held; everything
/// else is read through.
///
///     let overlay = StoreOverlay(over: snapshot)
///     try overlay.set(.integer(3), forKey: "data.storeSchemaVersion")
///     try overlay.value(forKey: "data.storeSchemaVersion")   // .integer(3); the store still has its own
public final class StoreOverlay: StoreTransaction {
    private let base: any StoreReading
    /// The changed keys: a value, or nil for a removed key.
    private var changes: [String: StoreValue?] = [:]

    public init(over base: any StoreReading) {
        self.base = base
    }

    public var location: String { base.location }

    /// Whether anything was set or removed.
    public var isModified: Bool { !changes.isEmpty }

    public func value(forKey key: String) throws -> StoreValue? {
        if let changed = changes[key] { return changed }
        return try base.value(forKey: key)
    }

    /// An unchanged value's bytes as the store underneath reads them (SQLite: straight into
    /// the array, without a `Data` beside it).
    public func dataBytes(forKey key: String) throws -> [UInt8]? {
        guard let changed = changes[key] else { return try base.dataBytes(forKey: key) }
        return changed?.dataBytes
    }

    /// An unchanged value measured by the store underneath (SQLite: without reading it).
    public func byteCount(forKey key: String) throws -> Int? {
        guard let changed = changes[key] else { return try base.byteCount(forKey: key) }
        return changed?.byteCount
    }

    public func keys() throws -> [String] {
        var keys = Set(try base.keys())
        for (key, value) in changes {
            if value == nil { keys.remove(key) } else { keys.insert(key) }
        }
        return keys.sorted()
    }

    public func set(_ value: StoreValue, forKey key: String) throws {
        changes[key] = .some(value)
    }

    public func removeValue(forKey key: String) throws {
        changes[key] = .some(nil)
    }
}
