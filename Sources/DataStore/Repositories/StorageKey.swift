/// The stable keys of the DomainDig store (design §3; `DomainDataPortabilityService.StorageKey`
/// in the app). Keys never change meaning; a key that must change is migrated.
public enum StorageKey: String, CaseIterable, Sendable {
    case trackedDomains
    case lookupHistory
    case domainAudits
    case domainWorkflows
    case monitoringSettings = "monitoring.settings"
    case monitoringLogs = "monitoring.logs"
    case recentSearches
    case savedDomains
    /// Resolver URL, display density and raw-record display, one blob since store v2.
    case appPreferences = "app.preferences"
    case cachedEntitlement = "purchase.cachedEntitlement"
    case usageCreditLedger = "usageCredits.ledger"
    /// The store schema version, an integer.
    case storeSchemaVersion = "data.storeSchemaVersion"
    /// The pre-versioning marker (Bool): set means "already at version 1".
    case preVersioningMarker = "data.migrations.v3_4_0"
    /// The migration journal, a JSON array (one entry per applied step).
    case migrationJournal = "data.migrationJournal"

    // Legacy keys, read only by migrations.

    /// Before store v1: the tracked domains' old key.
    case legacyWatchedDomains = "watchedDomains"
    /// Before store v2: preferences stored as separate plain values.
    case legacyResolverURL = "resolverURL"
    case legacyDisplayDensity = "displayDensity"
    case legacyShowRawRecords = "showRawRecords"

    /// The store version whose migration consumes this legacy key; nil for the others (a key
    /// is legacy, read only by migrations, exactly when it has one). In a store at that version
    /// or later the key is a leftover — an older app wrote it again, or the store was marked as
    /// migrated without it — which the data no longer comes from.
    public var retiredInVersion: Int? {
        switch self {
        case .legacyWatchedDomains: 1
        case .legacyResolverURL, .legacyDisplayDensity, .legacyShowRawRecords: 2
        default: nil
        }
    }

    /// Whether an export carries `key` verbatim (a backup's `storeKeys`): it is neither
    /// current data nor internal — a key this build does not know, or a legacy key. (An
    /// export reads a store at the current version — an older one through the in-memory view
    /// whose pending steps consumed their legacy keys — so any legacy key it sees is a leftover.)
    public static func isCarried(_ key: String) -> Bool {
        guard let known = StorageKey(rawValue: key) else { return true }
        return known.retiredInVersion != nil
    }
}
