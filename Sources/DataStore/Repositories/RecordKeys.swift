import DomainModel

/// A store key holding a JSON array of one record type, deduplicated by natural key.
public struct CollectionKey<Record: DeduplicatingRecord>: Sendable {
    public let storageKey: StorageKey

    public init(_ storageKey: StorageKey) {
        self.storageKey = storageKey
    }
}

// Each key names its record type, which a generic call such as `loader.load(.trackedDomains)` infers.
extension CollectionKey {
    public static var trackedDomains: CollectionKey<TrackedDomain> { .init(.trackedDomains) }
    public static var lookupHistory: CollectionKey<LookupSnapshot> { .init(.lookupHistory) }
    public static var domainAudits: CollectionKey<AuditSession> { .init(.domainAudits) }
    public static var domainWorkflows: CollectionKey<Workflow> { .init(.domainWorkflows) }
    public static var monitoringLogs: CollectionKey<MonitoringLogEntry> { .init(.monitoringLogs) }
}

/// A store key holding one JSON object of a record type.
public struct ObjectKey<Record: JSONRecord>: Sendable {
    public let storageKey: StorageKey

    public init(_ storageKey: StorageKey) {
        self.storageKey = storageKey
    }
}

extension ObjectKey {
    public static var monitoringSettings: ObjectKey<MonitoringSettings> { .init(.monitoringSettings) }
    public static var appPreferences: ObjectKey<AppPreferences> { .init(.appPreferences) }
    public static var cachedEntitlement: ObjectKey<CachedEntitlement> { .init(.cachedEntitlement) }
    public static var usageCreditLedger: ObjectKey<UsageCreditLedger> { .init(.usageCreditLedger) }
}
