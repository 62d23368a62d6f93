import BackupFormat
import DataStore

extension SectionEntry {
    /// The section's store keys as the store names them. BackupFormat sits beside DataStore,
    /// not above it, so the table spells them as text; every one is a `StorageKey`
    /// (`SectionTableTests`), so the conversion cannot fail.
    var storageKeys: [StorageKey] { storeKeys.map { StorageKey(rawValue: $0)! } }
    /// The store key of a section held under one key.
    var storageKey: StorageKey { storageKeys[0] }
}
