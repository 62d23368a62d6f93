import BackupFormat
import DataStore
import DomainModel

/// Reads one backup section out of the store through the deduplicating loaders: canonical
/// records, one per natural key, malformed ones left out and reported.
public struct SectionSource {
    /// A section ready to write.
    public struct Section: Sendable {
        public var section: BackupSection
        /// The section's JSON, in pieces to be written one after the other.
        public var pieces: [[UInt8]]
        public var records: Int
        /// Records merged away as duplicates of another.
        public var duplicatesMerged: Int
        /// What was left out or repaired, by store key and path.
        public var issues: [StoreIssue]

        /// The section's JSON in one buffer: the pieces joined.
        public var bytes: [UInt8] { Array(pieces.joined()) }

        init(section: BackupSection, bytes: [UInt8], records: Int, duplicatesMerged: Int, issues: [StoreIssue]) {
            self.init(
                section: section, pieces: [bytes], records: records, duplicatesMerged: duplicatesMerged, issues: issues)
        }

        init(section: BackupSection, pieces: [[UInt8]], records: Int, duplicatesMerged: Int, issues: [StoreIssue]) {
            self.section = section
            self.pieces = pieces
            self.records = records
            self.duplicatesMerged = duplicatesMerged
            self.issues = issues
        }
    }

    private let loader: RecordLoader

    /// Reads from `reader` (a store, or a transaction to see its uncommitted state).
    public init(_ reader: any StoreReading) {
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
            let encoded = SectionCodec.encode(loaded.record ?? .defaults)
            return Section(
                section: section, bytes: encoded.bytes, records: encoded.records, duplicatesMerged: 0,
                issues: loaded.issues.map { StoreIssue(key: StorageKey.monitoringSettings.rawValue, issue: $0) })
        case .appSettings:
            let loaded = try loader.loadAppSettings()
            let encoded = SectionCodec.encode(loaded.settings)
            return Section(
                section: section, bytes: encoded.bytes, records: encoded.records, duplicatesMerged: 0,
                issues: loaded.issues.map { StoreIssue(key: $0.0.rawValue, issue: $0.1) })
        case .entitlement: return try object(section, .cachedEntitlement)
        case .usageCredits: return try object(section, .usageCreditLedger)
        }
    }

    /// A collection, encoded as it is decoded: its records are never all held.
    private func collection<Record>(_ section: BackupSection, _ key: CollectionKey<Record>) throws -> Section {
        let loaded = try loader.loadEncoded(key)
        return Section(
            section: section, pieces: loaded.pieces, records: loaded.records, duplicatesMerged: loaded.duplicatesMerged,
            issues: loaded.issues.map { StoreIssue(key: key.storageKey.rawValue, issue: $0) })
    }

    private func object<Record>(_ section: BackupSection, _ key: ObjectKey<Record>) throws -> Section {
        let loaded = try loader.load(key)
        let encoded = SectionCodec.encode(loaded.record)
        return Section(
            section: section, bytes: encoded.bytes, records: encoded.records, duplicatesMerged: 0,
            issues: loaded.issues.map { StoreIssue(key: key.storageKey.rawValue, issue: $0) })
    }
}
