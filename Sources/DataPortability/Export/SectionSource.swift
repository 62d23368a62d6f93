import BackupFormat
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
    /// - Throws: only when the store cannot be read.
    public func read(_ section: BackupSection) throws -> Section {
        switch section {
        case .trackedDomains: return try collection(section, .trackedDomains)
        case .lookupHistory: return try collection(section, .lookupHistory)
        case .domainAudits: return try collection(section, .domainAudits)
        case .domainWorkflows: return try collection(section, .domainWorkflows)
        case .monitoringLogs: return try collection(section, .monitoringLogs)
        case .monitoringSettings:
            let loaded = try loader.load(.monitoringSettings)
            return try object(section, .monitoringSettings, loaded, writing: loaded.record ?? .defaults)
        case .appSettings:
            let loaded = try loader.loadAppSettings()
            var unreadable: [CarriedUnreadableRecord] = []
            for key in [StorageKey.recentSearches, .savedDomains, .appPreferences] {
                if loaded.unreadableKeys.contains(key),
                    let whole = try wholeValue(section, key, reason: loaded.issues.first { $0.0 == key }?.1)
                {
                    unreadable.append(whole)
                }
                for element in loaded.unreadableElements[key] ?? [] {
                    unreadable.append(carried(element, section, key))
                }
            }
            return Section(
                object: loaded.settings,
                findings: Findings(
                    issues: loaded.issues.map { StoreIssue(key: $0.0.rawValue, issue: $0.1) }, unreadable: unreadable))
        case .entitlement:
            let loaded = try loader.load(.cachedEntitlement)
            return try object(section, .cachedEntitlement, loaded, writing: loaded.record)
        case .usageCredits:
            let loaded = try loader.load(.usageCreditLedger)
            return try object(section, .usageCreditLedger, loaded, writing: loaded.record)
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
    private func collection<Record>(_ section: BackupSection, _ key: CollectionKey<Record>) throws -> Section {
        let loaded = try loader.loadEncoded(key)
        let found = loaded.findings
        var unreadable = found.unreadableRecords.map { carried($0, section, key.storageKey) }
        if found.isUnreadable, let whole = try wholeValue(section, key.storageKey, reason: found.issues.first) {
            unreadable.append(whole)
        }
        return Section(
            bytes: loaded.bytes, records: loaded.records, duplicatesMerged: loaded.duplicatesMerged,
            findings: Findings(
                issues: found.issues.map { StoreIssue(key: key.storageKey.rawValue, issue: $0) }, unreadable: unreadable
            ))
    }

    /// An object section holding `record`; a stored value that does not decode is carried whole.
    private func object<Record>(
        _ section: BackupSection, _ key: ObjectKey<Record>, _ loaded: (record: Record?, issues: [DecodingIssue]),
        writing record: Record?
    ) throws -> Section {
        let unreadable =
            loaded.record == nil && !loaded.issues.isEmpty
            ? [try wholeValue(section, key.storageKey, reason: loaded.issues.first)].compactMap { $0 } : []
        return Section(
            object: record,
            findings: Findings(
                issues: loaded.issues.map { StoreIssue(key: key.storageKey.rawValue, issue: $0) },
                unreadable: unreadable))
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
