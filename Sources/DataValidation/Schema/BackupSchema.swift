import BackupFormat
import DomainModel

/// The schema of one backup version: the single source of truth the validator runs and
/// `backupctl schema` prints.
///
/// Version 3 backups are archives, described section by section; versions 1 and 2 are
/// single JSON documents, described as one document.
public struct BackupSchema: Sendable {
    /// How the version's data is laid out.
    public enum Layout: Sendable {
        /// One JSON entry per section (v3).
        case sections([(section: BackupSection, node: SchemaNode)])
        /// One JSON document (v1, v2).
        case document(SchemaNode)
    }

    /// The backup schema version described.
    public var version: Int
    /// A one-line summary.
    public var title: String
    public var layout: Layout

    /// The schema of the current version.
    public static var current: BackupSchema { v3 }

    /// The schema of `version`, if this build knows it.
    public static func version(_ version: Int) -> BackupSchema? {
        switch version {
        case 1: LegacySchemas.v1
        case 2: LegacySchemas.v2
        case 3: v3
        default: nil
        }
    }

    /// Every version this build knows, oldest first.
    public static var knownVersions: [Int] { [1, 2, 3] }

    /// The node of a single-document version.
    public var documentNode: SchemaNode? {
        guard case .document(let node) = layout else { return nil }
        return node
    }

    /// The node of a v3 section.
    public func node(for section: BackupSection) -> SchemaNode? {
        guard case .sections(let sections) = layout else { return nil }
        return sections.first { $0.section == section }?.node
    }

    typealias S = SchemaBuilder

    static let v3 = BackupSchema(
        version: 3, title: "DomainDigBackup v3: one JSON entry per section in a tar archive",
        layout: .sections([
            (
                .trackedDomains,
                S.array(of: RecordSchemas.trackedDomain, "Tracked domains, one per canonical domain.", unique: "id")
            ),
            (.lookupHistory, S.array(of: RecordSchemas.lookupSnapshot, "Lookup snapshots.", unique: "id")),
            (.domainAudits, S.array(of: RecordSchemas.auditSession, "Audit sessions.", unique: "id")),
            (.domainWorkflows, S.array(of: RecordSchemas.workflow, "Workflows.", unique: "id")),
            (.monitoringSettings, RecordSchemas.monitoringSettings),
            (.monitoringLogs, S.array(of: RecordSchemas.monitoringLogEntry, "Monitoring log entries.", unique: "id")),
            (.appSettings, RecordSchemas.appSettings),
            (
                .entitlement,
                SchemaNode(.nullable(RecordSchemas.entitlement), description: "The cached entitlement, or null.")
            ),
            (
                .usageCredits,
                SchemaNode(.nullable(RecordSchemas.usageCreditLedger), description: "The usage-credit ledger, or null.")
            ),
        ]))
}
