import BackupFormat
import DataStore

extension StorageKey {
    /// The keys holding user data in the current layout (not bookkeeping, not legacy): the sections'.
    static let dataKeys = BackupSection.allCases.flatMap(\.entry.storeKeys).compactMap(StorageKey.init(rawValue:))
}
