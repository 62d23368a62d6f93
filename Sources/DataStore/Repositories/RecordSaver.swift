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

    /// Saves a collection, deduplicated, as a canonical JSON array; `verbatim` elements
    /// (unreadable ones a writer must not lose) follow as given.
    /// - Returns: whether the stored bytes changed (unchanged values are not rewritten).
    @discardableResult
    public func save<Record>(
        _ records: [Record], keepingVerbatim verbatim: [[UInt8]] = [],
        to key: CollectionKey<Record>
    ) throws -> Bool {
        try save(RecordCollection(records), keepingVerbatim: verbatim, to: key)
    }

    /// Saves a collection already deduplicated, as `save(_:keepingVerbatim:to:)` does.
    @discardableResult
    public func save<Record>(
        _ collection: RecordCollection<Record>, keepingVerbatim verbatim: [[UInt8]] = [],
        to key: CollectionKey<Record>
    ) throws -> Bool {
        let bytes = RecordArrayEncoder.encode(
            collection.records, verbatim: verbatim, capacity: 64 * 1024, as: Data.self)
        return try setIfChanged(bytes, key.storageKey)
    }

    /// Saves a collection already encoded, in pieces: their concatenation must be what
    /// `save(_:keepingVerbatim:to:)` would write for the records it holds — their canonical
    /// JSON array, one per natural key — as a caller that encoded the records while it decoded
    /// them has it (`CanonicalArrayBuilder.finishPieces`). The pieces are written one after the
    /// other, never joined (`StoreTransaction.setData(concatenating:forKey:)`), unless the key
    /// already holds exactly their bytes. `pieces` is empty afterwards.
    /// - Returns: whether the stored bytes changed.
    @discardableResult
    package func save<Record>(canonicalArrayPieces pieces: inout [[UInt8]], to key: CollectionKey<Record>) throws
        -> Bool
    {
        // Only a value already there can be unchanged.
        if case .data(let existing)? = try transaction.value(forKey: key.storageKey.rawValue),
            existing.count == pieces.joinedCount, existing.elementsEqual(pieces.joined())
        {
            pieces = []
            return false
        }
        try transaction.setData(concatenating: &pieces, forKey: key.storageKey.rawValue)
        return true
    }

    /// Sets `key` to `bytes` unless it already holds exactly them.
    func setIfChanged(_ bytes: [UInt8], _ key: StorageKey) throws -> Bool {
        try setIfChanged(Data(bytes), key)
    }

    /// Sets `key` to `bytes` unless it already holds exactly them.
    func setIfChanged(_ bytes: Data, _ key: StorageKey) throws -> Bool {
        if case .data(let existing)? = try transaction.value(forKey: key.rawValue), existing == bytes {
            return false
        }
        try transaction.set(.data(bytes), forKey: key.rawValue)
        return true
    }

    /// Saves an object record; nil removes the key.
    /// - Returns: whether the store changed.
    @discardableResult
    public func save<Record>(_ record: Record?, to key: ObjectKey<Record>) throws -> Bool {
        guard let record else {
            guard try transaction.value(forKey: key.storageKey.rawValue) != nil else { return false }
            try transaction.removeValue(forKey: key.storageKey.rawValue)
            return true
        }
        return try setIfChanged(record.canonicalJSON, key.storageKey)
    }

    /// Saves the app settings into their three keys; `verbatim` elements (of
    /// `recentSearches` and `savedDomains`: ones that cannot be read, which a writer must not
    /// lose) follow each list's own, as given. The keys in `leaving` are not written (their
    /// stored values cannot be read, and a merge must not overwrite them).
    /// - Returns: whether the store changed.
    @discardableResult
    public func saveAppSettings(
        _ settings: AppSettings, keepingVerbatim verbatim: [StorageKey: [[UInt8]]] = [:],
        leaving: Set<StorageKey> = []
    ) throws -> Bool {
        var writer = JSONWriter(capacity: 1024)
        func list(_ strings: [String], _ key: StorageKey) -> [UInt8] {
            writer.beginArray()
            for string in strings { writer.string(string) }
            for element in verbatim[key] ?? [] { writer.rawJSON(element) }
            writer.endArray()
            return writer.takeBytes()
        }
        var changed = false
        if !leaving.contains(.recentSearches) {
            changed = try setIfChanged(
                list(AppSettings.distinctSearches(settings.recentSearches), .recentSearches), .recentSearches)
        }
        if !leaving.contains(.savedDomains) {
            var seen = Set<String>()
            let saved = settings.savedDomains.map(DomainName.canonical).filter { seen.insert($0).inserted }
            changed = try setIfChanged(list(saved, .savedDomains), .savedDomains) || changed
        }
        guard !leaving.contains(.appPreferences) else { return changed }
        return try save(settings.preferences, to: .appPreferences) || changed
    }
}
