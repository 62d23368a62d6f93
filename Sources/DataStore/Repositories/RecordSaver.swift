import DomainModel
import Foundation
import JSONCore

/// The deduplicating `save*` path: writes records canonically inside a store transaction,
/// one per natural key (later duplicates merged into the first by the record's rule).
///
///     try store.transaction { transaction in
///         try RecordSaver(transaction: transaction).save(RecordCollection(domains), to: .trackedDomains)
///     }
public struct RecordSaver {
    private let transaction: any StoreTransaction

    /// Writes through `transaction`; nothing is visible until it commits.
    public init(transaction: any StoreTransaction) {
        self.transaction = transaction
    }

    /// Saves a collection — deduplicated as it was built — as a canonical JSON array;
    /// `verbatim` elements (unreadable ones a writer must not lose) follow as given.
    /// - Returns: whether the stored bytes changed (unchanged values are not rewritten).
    @discardableResult
    public func save<Record>(
        _ collection: RecordCollection<Record>, keepingVerbatim verbatim: [[UInt8]] = [],
        to key: CollectionKey<Record>
    ) throws -> Bool {
        try save(
            canonicalArray: RecordArrayEncoder.encode(collection.records, verbatim: verbatim, capacity: 64 * 1024),
            to: key)
    }

    /// Saves a collection already encoded: `bytes` must be what `save(_:keepingVerbatim:to:)`
    /// would write for the records it holds — their canonical JSON array, one per natural key —
    /// as a caller that encoded the records while it decoded them has it
    /// (`CanonicalArrayBuilder.finish`). The chunks are written one after the other, never
    /// joined (`StoreTransaction.setData(_:forKey:)`), unless the key already holds exactly
    /// their bytes.
    /// - Returns: whether the stored bytes changed.
    @discardableResult
    package func save<Record>(canonicalArray bytes: consuming ByteChunks, to key: CollectionKey<Record>) throws
        -> Bool
    {
        try setIfChanged(bytes, key.storageKey)
    }

    /// Sets `key` to `bytes` unless it already holds exactly them.
    func setIfChanged(_ bytes: consuming ByteChunks, _ key: StorageKey) throws -> Bool {
        // Only a value already there can be unchanged.
        if case .data(let existing)? = try transaction.value(forKey: key.rawValue), bytes.elementsEqual(existing) {
            return false
        }
        try transaction.setData(bytes, forKey: key.rawValue)
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
        return try setIfChanged(ByteChunks(record.canonicalJSON), key.storageKey)
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
                ByteChunks(list(AppSettings.distinctSearches(settings.recentSearches), .recentSearches)),
                .recentSearches)
        }
        if !leaving.contains(.savedDomains) {
            var seen = Set<String>()
            let saved = settings.savedDomains.map(DomainName.canonical).filter { seen.insert($0).inserted }
            changed = try setIfChanged(ByteChunks(list(saved, .savedDomains)), .savedDomains) || changed
        }
        guard !leaving.contains(.appPreferences) else { return changed }
        return try save(settings.preferences, to: .appPreferences) || changed
    }
}
