extension MonitoringSettings {
    /// Limits and defaults.
    public static let intervalRange = 5...10080
    public static let expiryWarningRange = 1...365
    public static let maxMonitoredDomains = 5000

    /// The settings of a fresh install.
    public static let defaults = MonitoringSettings(
        isEnabled: false, intervalMinutes: 60, monitoredDomains: [],
        notifyOn: [.dnsChange, .registrationExpiry, .tlsExpiry, .unreachable], expiryWarningDays: 30,
        quietHours: nil, channels: [.push], webhookURL: nil)

    /// Merge rule (import in merge mode): the incoming settings win field by field, except
    /// lists, which are unioned (these first, then the incoming ones not already present).
    /// Unknown fields are unioned, the incoming ones winning a clash.
    public func merged(with incoming: MonitoringSettings) -> MonitoringSettings {
        var result = incoming
        result.unknownFields = incoming.unknownFields.merged(with: unknownFields)
        result.monitoredDomains = Array(
            union(monitoredDomains, incoming.monitoredDomains).prefix(MonitoringSettings.maxMonitoredDomains))
        result.notifyOn = union(notifyOn, incoming.notifyOn)
        result.channels = union(channels, incoming.channels)
        result.quietHours = incoming.quietHours ?? quietHours
        result.webhookURL = incoming.webhookURL ?? webhookURL
        return result
    }
}
