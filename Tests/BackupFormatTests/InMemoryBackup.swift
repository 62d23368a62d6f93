import BackupFormat
import Foundation

@testable import DomainModel

/// A current-version backup held in memory, every section of design §3 as records: what
/// the format's tests build archives from. `encodedSection(_:)` gives exactly the bytes the
/// exporter writes.
struct InMemoryBackup: Sendable, Equatable {
    var createdAt: Date
    var producer: BackupManifest.Producer
    /// The store schema version the data came from.
    var storeSchemaVersion: Int

    var trackedDomains: [TrackedDomain] = []
    var lookupHistory: [LookupSnapshot] = []
    var domainAudits: [AuditSession] = []
    var domainWorkflows: [Workflow] = []
    var monitoringSettings: MonitoringSettings = .defaults
    var monitoringLogs: [MonitoringLogEntry] = []
    var appSettings: AppSettings = .defaults
    var entitlement: CachedEntitlement?
    var usageCredits: UsageCreditLedger?

    init(createdAt: Date, producer: BackupManifest.Producer = .current, storeSchemaVersion: Int) {
        self.createdAt = createdAt
        self.producer = producer
        self.storeSchemaVersion = storeSchemaVersion
    }

    /// A section's canonical JSON and its record count (nothing to find: the records are in memory).
    func encodedSection(_ section: BackupSection) -> EncodedRecords<DecodingFindings> {
        let none = DecodingFindings()
        func array<Record: JSONRecord>(_ records: [Record]) -> EncodedRecords<DecodingFindings> {
            EncodedRecords(bytes: RecordArrayEncoder.encode(records), records: records.count, findings: none)
        }
        return switch section {
        case .trackedDomains: array(trackedDomains)
        case .lookupHistory: array(lookupHistory)
        case .domainAudits: array(domainAudits)
        case .domainWorkflows: array(domainWorkflows)
        case .monitoringSettings: EncodedRecords(object: monitoringSettings, findings: none)
        case .monitoringLogs: array(monitoringLogs)
        case .appSettings: EncodedRecords(object: appSettings, findings: none)
        case .entitlement: EncodedRecords(object: entitlement, findings: none)
        case .usageCredits: EncodedRecords(object: usageCredits, findings: none)
        }
    }
}
