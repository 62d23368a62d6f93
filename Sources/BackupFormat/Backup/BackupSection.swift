import DomainModel

/// The sections of a backup (versions 3 and 4), in archive order.
///
/// Each is one JSON entry `sections/<name>.json`. Sections that reference others come after
/// them (audits, workflows and logs name tracked domains; logs name snapshots), so a reader
/// can check references in one pass.
public enum BackupSection: String, CaseIterable, Sendable, Hashable {
    case trackedDomains
    case lookupHistory
    case domainAudits
    case domainWorkflows
    case monitoringSettings
    case monitoringLogs
    case appSettings
    case entitlement
    case usageCredits

    /// The section table: everything about a section, declared once (see `SectionEntry`).
    /// Adding a section is one case here, its schema node (`BackupSchema.archiveSections`),
    /// an upgrader and a fixture (Docs/architecture.md §4).
    public var entry: SectionEntry {
        switch self {
        case .trackedDomains:
            SectionEntry(
                records: .array(TrackedDomain.self), storeKeys: ["trackedDomains"], arrayStoreKeys: ["trackedDomains"],
                since: 3, version2Path: ["trackedDomains"], references: [.tracksDomain(field: "domain")])
        case .lookupHistory:
            SectionEntry(
                records: .array(LookupSnapshot.self), storeKeys: ["lookupHistory"], arrayStoreKeys: ["lookupHistory"],
                since: 3, version2Path: ["lookups"], references: [.definesSnapshot(field: "id")])
        case .domainAudits:
            SectionEntry(
                records: .array(AuditSession.self), storeKeys: ["domainAudits"], arrayStoreKeys: ["domainAudits"],
                since: 3, version2Path: ["audits"], references: [.namesTrackedDomains(field: "domain")])
        case .domainWorkflows:
            SectionEntry(
                records: .array(Workflow.self), storeKeys: ["domainWorkflows"], arrayStoreKeys: ["domainWorkflows"],
                since: 3, version2Path: ["workflows"], references: [.namesTrackedDomains(field: "domains")])
        case .monitoringSettings:
            SectionEntry(
                records: .object(defaults: MonitoringSettings.defaults), storeKeys: ["monitoring.settings"],
                arrayStoreKeys: [],
                since: 3, version2Path: ["monitoring", "settings"],
                references: [.namesTrackedDomains(field: "monitoredDomains")])
        case .monitoringLogs:
            SectionEntry(
                records: .array(MonitoringLogEntry.self), storeKeys: ["monitoring.logs"],
                arrayStoreKeys: ["monitoring.logs"], since: 3, version2Path: ["monitoring", "logs"],
                references: [.namesTrackedDomains(field: "domain"), .namesSnapshot(field: "snapshotId")])
        // Recent searches and saved domains are lists of strings; the preferences one object.
        case .appSettings:
            SectionEntry(
                records: .composite(defaults: AppSettings.defaults),
                storeKeys: ["recentSearches", "savedDomains", "app.preferences"],
                arrayStoreKeys: ["recentSearches", "savedDomains"], since: 3, version2Path: ["settings"],
                references: [])
        case .entitlement:
            SectionEntry(
                records: .optionalObject(CachedEntitlement.self), storeKeys: ["purchase.cachedEntitlement"],
                arrayStoreKeys: [], since: 3, version2Path: ["entitlement"], references: [])
        case .usageCredits:
            SectionEntry(
                records: .optionalObject(UsageCreditLedger.self), storeKeys: ["usageCredits.ledger"],
                arrayStoreKeys: [], since: 3, version2Path: ["credits"], references: [.balancesLedger])
        }
    }

    /// The entry path inside the archive.
    public var entryPath: String { "sections/\(rawValue).json" }

    /// The section stored at `entryPath`, if any.
    public init?(entryPath: String) {
        guard entryPath.hasPrefix("sections/"), entryPath.hasSuffix(".json") else { return nil }
        self.init(rawValue: String(entryPath.dropFirst("sections/".count).dropLast(".json".count)))
    }
}
