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
}
