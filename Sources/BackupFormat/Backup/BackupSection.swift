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

    /// How the section's JSON is shaped.
    public enum Shape: Sendable {
        /// An array of records.
        case array
        /// One object.
        case object
        /// One object, or `null` when the store has none.
        case optionalObject
    }

    /// The section's shape.
    public var shape: Shape {
        switch self {
        case .trackedDomains, .lookupHistory, .domainAudits, .domainWorkflows, .monitoringLogs: .array
        case .monitoringSettings, .appSettings: .object
        case .entitlement, .usageCredits: .optionalObject
        }
    }

    /// The entry path inside the archive.
    public var entryPath: String { "sections/\(rawValue).json" }

    /// The section stored at `entryPath`, if any.
    public init?(entryPath: String) {
        guard entryPath.hasPrefix("sections/"), entryPath.hasSuffix(".json") else { return nil }
        self.init(rawValue: String(entryPath.dropFirst("sections/".count).dropLast(".json".count)))
    }

    /// The store keys the section is made from (design §3).
    public var storeKeys: [String] {
        switch self {
        case .trackedDomains: ["trackedDomains"]
        case .lookupHistory: ["lookupHistory"]
        case .domainAudits: ["domainAudits"]
        case .domainWorkflows: ["domainWorkflows"]
        case .monitoringSettings: ["monitoring.settings"]
        case .monitoringLogs: ["monitoring.logs"]
        case .appSettings: ["recentSearches", "savedDomains", "app.preferences"]
        case .entitlement: ["purchase.cachedEntitlement"]
        case .usageCredits: ["usageCredits.ledger"]
        }
    }

    /// The store keys of the section that hold JSON arrays, whose elements are read one by
    /// one (an unreadable one is kept beside the rest); the others hold one object.
    public var arrayStoreKeys: [String] {
        switch shape {
        case .array: storeKeys
        case .object, .optionalObject: self == .appSettings ? ["recentSearches", "savedDomains"] : []
        }
    }
}
