import BackupFormat
import Concurrency
import DataStore
import DomainModel

/// Reads one backup section out of the store through the deduplicating loaders: canonical
/// records, one per natural key; what cannot be read is reported and carried verbatim
/// beside the section, never dropped.
public struct SectionSource {
    /// A section ready to write: its JSON, its records, and what reading them found.
    public typealias Section = EncodedRecords<Findings>

    /// What reading a section's store keys found.
    public struct Findings: Sendable {
        /// What was worked around, by store key and path.
        public var issues: [StoreIssue]
        /// What the section's store keys hold that cannot be read — elements of their arrays,
        /// or whole values — verbatim, for the backup's `unreadableRecords`.
        public var unreadable: [CarriedUnreadableRecord]
    }

    private let reader: any StoreReading
    private let loader: RecordLoader

    /// Reads from `reader` (a store, or a transaction to see its uncommitted state).
    public init(_ reader: any StoreReading) {
        self.reader = reader
        loader = RecordLoader(reader)
    }

    /// Loads and encodes one section.
    /// - Parameter parts: how many runs to cut a large collection into, on as many threads (1:
    ///   one pass on the calling thread).
    /// - Throws: only when the store cannot be read.
    public func read(_ section: BackupSection, parts: Int = WorkerPool.default.parts) throws -> Section {
        let entry = section.entry
        switch entry.records {
        case .array(let type): return try collection(section, entry.storageKey, type, parts: parts)
        case .object(let defaults): return try object(section, entry.storageKey, orDefaults: defaults)
        case .optionalObject(let type): return try object(section, entry.storageKey, orNull: type)
        case .composite:
            let loaded = try loader.loadAppSettings()
            var unreadable: [CarriedUnreadableRecord] = []
            for key in entry.storageKeys {
                if loaded.unreadableKeys.contains(key),
                    let whole = try wholeValue(section, key, reason: loaded.issues.first { $0.0 == key }?.1)
                {
                    unreadable.append(whole)
                }
                unreadable += (loaded.unreadableElements[key] ?? []).map { carried($0, section, key) }
            }
            return Section(
                object: loaded.settings,
                findings: Findings(
                    issues: loaded.issues.map { StoreIssue(key: $0.0.rawValue, issue: $0.1) }, unreadable: unreadable))
        }
    }

    /// The store keys a backup carries verbatim (`StorageKey.isCarried`), with their values.
    /// - Throws: `StoreError` when the store cannot be read, or an array or dictionary cannot
    ///   be written as a binary property list.
    public func carriedStoreKeys() throws -> [CarriedStoreKey] {
        try reader.keys().filter(StorageKey.isCarried).compactMap { key in
            try reader.value(forKey: key).map { CarriedStoreKey(key: key, value: try $0.carried()) }
        }
    }

    /// A collection, encoded as it is decoded: its records are never all held.
    private func collection<Record: DeduplicatingRecord>(
        _ section: BackupSection, _ storageKey: StorageKey, _: Record.Type, parts: Int
    ) throws -> Section {
        let loaded = try loader.loadEncoded(CollectionKey<Record>(storageKey), parts: parts)
        let found = loaded.findings
        var unreadable = found.unreadableRecords.map { carried($0, section, storageKey) }
        if found.isUnreadable, let whole = try wholeValue(section, storageKey, reason: found.issues.first) {
            unreadable.append(whole)
        }
        return Section(
            bytes: loaded.bytes, records: loaded.records, duplicatesMerged: loaded.duplicatesMerged,
            findings: Findings(
                issues: found.issues.map { StoreIssue(key: storageKey.rawValue, issue: $0) }, unreadable: unreadable))
    }

    /// An object section the store always has: the defaults when it holds none.
    private func object<Record: JSONRecord>(_ section: BackupSection, _ key: StorageKey, orDefaults defaults: Record)
        throws -> Section
    { try object(section, key, Record.self) { $0 ?? defaults } }

    /// An object section that is null when the store holds none.
    private func object<Record: JSONRecord>(_ section: BackupSection, _ key: StorageKey, orNull _: Record.Type)
        throws -> Section
    { try object(section, key, Record.self) { $0 } }

    /// An object section holding `written(stored record)`; a stored value that does not decode
    /// is carried whole.
    private func object<Record: JSONRecord>(
        _ section: BackupSection, _ storageKey: StorageKey, _: Record.Type, written: (Record?) -> Record?
    ) throws -> Section {
        let loaded = try loader.load(ObjectKey<Record>(storageKey))
        let unreadable =
            loaded.record == nil && !loaded.issues.isEmpty
            ? [try wholeValue(section, storageKey, reason: loaded.issues.first)].compactMap { $0 } : []
        return Section(
            object: written(loaded.record),
            findings: Findings(
                issues: loaded.issues.map { StoreIssue(key: storageKey.rawValue, issue: $0) }, unreadable: unreadable))
    }

    private func carried(_ element: UnreadableElement, _ section: BackupSection, _ key: StorageKey)
        -> CarriedUnreadableRecord
    {
        CarriedUnreadableRecord(
            section: section, storeKey: key.rawValue, path: element.elementPath, reason: element.issue.description,
            value: .data(element.json))
    }

    /// The whole stored value of `key`, which cannot be read, as it is (none when it went
    /// away since it was read).
    private func wholeValue(_ section: BackupSection, _ key: StorageKey, reason: DecodingIssue?) throws
        -> CarriedUnreadableRecord?
    {
        guard let value = try reader.value(forKey: key.rawValue) else { return nil }
        return CarriedUnreadableRecord(
            section: section, storeKey: key.rawValue, path: "$", reason: reason?.description ?? "cannot be read",
            value: try value.carried())
    }
}
