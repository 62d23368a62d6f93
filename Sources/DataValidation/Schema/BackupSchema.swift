import BackupFormat
import DomainModel

/// The schema of one backup version: the single source of truth the validator runs and
/// `backupctl schema` prints.
///
/// Versions 3 and 4 are archives, described section by section; versions 1 and 2 are single
/// JSON documents, described as one document. Version 4 has the sections of version 3, and
/// beside them the carried entries (`CarriedEntry`), which the validator checks with their own
/// decoders (`CarriedStoreKey`, `CarriedUnreadableRecord`) and `backupctl schema` prints from
/// `CarriedSchema`; and a version 4 manifest may name sections the backup does not hold.
public struct BackupSchema: Sendable {
    /// How the version's data is laid out.
    public enum Layout: Sendable {
        /// One JSON entry per section (v3, v4).
        case sections([(section: BackupSection, node: SchemaNode)])
        /// One JSON document (v1, v2).
        case document(SchemaNode)
    }

    public var version: Int
    /// A one-line summary.
    public var title: String
    public var layout: Layout
    /// Whether the version has carried entries and absent sections (v4).
    public var isLossless = false
    /// Whether the version's records are this build's records, field for field, so that
    /// this build's decoders read them as the schema describes them: the validator then
    /// decodes a record before it walks it, and walks only what decoding did not find clean.
    /// A version whose records differ (older fields, fewer enum values) is walked whole.
    public var hasCurrentRecords = false

    public static var current: BackupSchema { v4 }

    /// The schema of `version`, if this build knows it.
    public static func version(_ version: Int) -> BackupSchema? {
        switch version {
        case 1: LegacySchemas.v1
        case 2: LegacySchemas.v2
        case 3: v3
        case 4: v4
        default: nil
        }
    }

    /// Every version this build knows, oldest first: every version there has been.
    public static var knownVersions: [Int] { Array(1...DomainDigBackup.currentSchemaVersion) }

    /// The node of a single-document version.
    public var documentNode: SchemaNode? {
        guard case .document(let node) = layout else { return nil }
        return node
    }

    /// The node of an archive version's section.
    public func node(for section: BackupSection) -> SchemaNode? {
        guard case .sections(let sections) = layout else { return nil }
        return sections.first { $0.section == section }?.node
    }

    typealias S = SchemaBuilder

    /// The sections of an archive, the same in versions 3 and 4.
    static let archiveSections: [(section: BackupSection, node: SchemaNode)] = [
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
    ]

    static let v3 = BackupSchema(
        version: 3, title: "DomainDigBackup v3: one JSON entry per section in a tar archive",
        layout: .sections(archiveSections), hasCurrentRecords: true)

    static let v4 = BackupSchema(
        version: 4,
        title:
            "DomainDigBackup v4: one JSON entry per section in a tar archive, and what the store held that this version does not understand, carried verbatim",
        layout: .sections(archiveSections), isLossless: true, hasCurrentRecords: true)
}
