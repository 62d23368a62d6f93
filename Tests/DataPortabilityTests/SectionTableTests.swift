import BackupFormat
import DataStore
import Testing

@testable import DataPortability

/// The section table (`BackupSection.entry`) against the store: BackupFormat cannot name
/// `StorageKey`, so the table spells the keys as text, and the layers that read the store
/// convert them (`SectionEntry.storageKeys`).
@Suite struct SectionTableTests {
    @Test func theSectionsStoreKeysAreExactlyTheStoresDataKeys() {
        let keys = BackupSection.allCases.flatMap(\.entry.storeKeys)
        let bookkeeping: [StorageKey] = [.storeSchemaVersion, .preVersioningMarker, .migrationJournal]
        let data = StorageKey.allCases.filter { !StorageKey.isCarried($0.rawValue) && !bookkeeping.contains($0) }
        #expect(keys.compactMap(StorageKey.init(rawValue:)) == data)
        #expect(BackupSection.allCases.flatMap(\.entry.storageKeys) == data)
    }

    @Test func aSectionsListKeysAreAmongItsKeys() {
        for section in BackupSection.allCases {
            #expect(Set(section.entry.arrayStoreKeys).isSubset(of: section.entry.storeKeys), "\(section.rawValue)")
        }
    }
}
