import DomainModel
import Foundation
import JSONCore

/// The deduplicating `save*` path: writes records canonically inside a store transaction,
/// one per natural key (later duplicates merged into the first by the record's rule).
///
///     try store.transaction { transaction in
///         try RecordSaver(transaction: transaction).save(domains, to: .trackedDomains)
///     }
public struct RecordSaver {
    private let transaction: any StoreTransaction

    /// Writes through `transaction`; nothing is visible until it commits.
    public init(transaction: any StoreTransaction) {
        self.transaction = transaction
    }

    /// Saves a collection, deduplicated, as a canonical JSON array.
    public func save<Record>(_ records: [Record], to key: CollectionKey<Record>) throws {
        let distinct = RecordCollection(records).records
        try transaction.set(.data(Data(CollectionDecoder.encodeArray(distinct))), forKey: key.storageKey.rawValue)
    }

    /// Saves an object record; nil removes the key.
    public func save<Record>(_ record: Record?, to key: ObjectKey<Record>) throws {
        guard let record else {
            try transaction.removeValue(forKey: key.storageKey.rawValue)
            return
        }
        try transaction.set(.data(Data(record.canonicalJSON)), forKey: key.storageKey.rawValue)
    }

    /// Saves the app settings into their three keys.
    public func saveAppSettings(_ settings: AppSettings) throws {
        var writer = JSONWriter(capacity: 1024)
        writer.strings(AppSettings.distinctSearches(settings.recentSearches))
        try transaction.set(.data(Data(writer.takeBytes())), forKey: StorageKey.recentSearches.rawValue)
        var seen = Set<String>()
        writer.strings(settings.savedDomains.map(DomainName.canonical).filter { seen.insert($0).inserted })
        try transaction.set(.data(Data(writer.takeBytes())), forKey: StorageKey.savedDomains.rawValue)
        try save(settings.preferences, to: .appPreferences)
    }
}
