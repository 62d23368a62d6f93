import DomainModel

/// A store key holding a JSON array of one record type, deduplicated by natural key.
public struct CollectionKey<Record: DeduplicatingRecord>: Sendable {
    /// Where the array is stored.
    public let storageKey: StorageKey

    public init(_ storageKey: StorageKey) {
        self.storageKey = storageKey
    }
}

extension CollectionKey where Record == TrackedDomain {
    public static var trackedDomains: Self { Self(.trackedDomains) }
}

extension CollectionKey where Record == LookupSnapshot {
    public static var lookupHistory: Self { Self(.lookupHistory) }
}

extension CollectionKey where Record == AuditSession {
    public static var domainAudits: Self { Self(.domainAudits) }
}

extension CollectionKey where Record == Workflow {
    public static var domainWorkflows: Self { Self(.domainWorkflows) }
}

extension CollectionKey where Record == MonitoringLogEntry {
    public static var monitoringLogs: Self { Self(.monitoringLogs) }
}

/// A store key holding one JSON object of a record type.
public struct ObjectKey<Record: JSONRecord>: Sendable {
    /// Where the object is stored.
    public let storageKey: StorageKey

    public init(_ storageKey: StorageKey) {
        self.storageKey = storageKey
    }
}

extension ObjectKey where Record == MonitoringSettings {
    public static var monitoringSettings: Self { Self(.monitoringSettings) }
}

extension ObjectKey where Record == AppPreferences {
    public static var appPreferences: Self { Self(.appPreferences) }
}

extension ObjectKey where Record == CachedEntitlement {
    public static var cachedEntitlement: Self { Self(.cachedEntitlement) }
}

extension ObjectKey where Record == UsageCreditLedger {
    public static var usageCreditLedger: Self { Self(.usageCreditLedger) }
}
