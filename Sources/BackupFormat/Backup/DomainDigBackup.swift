import DomainModel
import Foundation

/// A current-version backup held in memory: every section of design §3 as records.
///
/// The export and import pipelines stream one section at a time and never hold this whole
/// value; it is the form legacy (v1, v2) backups are upgraded into, and what tests build
/// archives from. `encodedSection(_:)` gives exactly the bytes the exporter writes.
public struct DomainDigBackup: Sendable, Equatable {
    /// The backup schema version this build writes (policy: `DomainDigBackup.currentSchemaVersion`).
    public static let currentSchemaVersion = 4
    /// The first version written as a tar archive; the ones before are single JSON documents.
    public static let firstArchiveSchemaVersion = 3
    /// The value of the manifest's `format` field.
    public static let formatIdentifier = "DomainDigBackup"

    public var createdAt: Date
    public var producer: BackupManifest.Producer
    /// The store schema version the data came from.
    public var storeSchemaVersion: Int

    public var trackedDomains: [TrackedDomain] = []
    public var lookupHistory: [LookupSnapshot] = []
    public var domainAudits: [AuditSession] = []
    public var domainWorkflows: [Workflow] = []
    public var monitoringSettings: MonitoringSettings = .defaults
    public var monitoringLogs: [MonitoringLogEntry] = []
    public var appSettings: AppSettings = .defaults
    public var entitlement: CachedEntitlement?
    public var usageCredits: UsageCreditLedger?

    public init(createdAt: Date, producer: BackupManifest.Producer = .current, storeSchemaVersion: Int) {
        self.createdAt = createdAt
        self.producer = producer
        self.storeSchemaVersion = storeSchemaVersion
    }

    /// A section's canonical JSON and its record count (nothing to find: the records are in memory).
    public func encodedSection(_ section: BackupSection) -> EncodedRecords<DecodingFindings> {
        section.entry.encode(self)
    }
}
