import JSONCore

/// How scheduled monitoring runs (store key `monitoring.settings`); one per store.
public struct MonitoringSettings: MergeableRecord, Hashable {
    public var isEnabled: Bool
    /// Minutes between checks, 5...10080 (a week).
    public var intervalMinutes: Int
    /// The domains checked, canonical.
    public var monitoredDomains: [String]
    /// The events that notify.
    public var notifyOn: [Lenient<MonitoringEvent>]
    /// Days before expiry (registration or certificate) to warn, 1...365.
    public var expiryWarningDays: Int
    public var quietHours: QuietHours?
    public var channels: [Lenient<NotificationChannel>]
    /// Where the webhook channel posts.
    public var webhookURL: String?

    /// Limits and defaults.
    public static let intervalRange = 5...10080
    public static let expiryWarningRange = 1...365
    public static let maxMonitoredDomains = 5000

    /// The settings of a fresh install.
    public static let defaults = MonitoringSettings(
        isEnabled: false, intervalMinutes: 60, monitoredDomains: [],
        notifyOn: [.dnsChange, .registrationExpiry, .tlsExpiry, .unreachable], expiryWarningDays: 30,
        quietHours: nil, channels: [.push], webhookURL: nil)

    /// Fields this build does not know, kept as read and written back after the known ones.
    public var unknownFields = UnknownFields()

    public init(
        isEnabled: Bool, intervalMinutes: Int, monitoredDomains: [String], notifyOn: [MonitoringEvent],
        expiryWarningDays: Int, quietHours: QuietHours?, channels: [NotificationChannel], webhookURL: String?
    ) {
        self.isEnabled = isEnabled
        self.intervalMinutes = intervalMinutes
        self.monitoredDomains = monitoredDomains.map(DomainName.canonical)
        self.notifyOn = notifyOn.map(Lenient.init)
        self.expiryWarningDays = expiryWarningDays
        self.quietHours = quietHours
        self.channels = channels.map(Lenient.init)
        self.webhookURL = webhookURL
    }

    public init(from reader: inout RecordReader) throws(RecordDecodingError) {
        let defaults = MonitoringSettings.defaults
        isEnabled = reader.bool("isEnabled", default: defaults.isEnabled)
        intervalMinutes = reader.int(
            "intervalMinutes", in: MonitoringSettings.intervalRange, default: defaults.intervalMinutes)
        monitoredDomains = reader.domainList("monitoredDomains", limit: MonitoringSettings.maxMonitoredDomains)
        notifyOn = reader.enumList("notifyOn") ?? defaults.notifyOn
        expiryWarningDays = reader.int(
            "expiryWarningDays", in: MonitoringSettings.expiryWarningRange,
            default: defaults.expiryWarningDays)
        quietHours = reader.optionalRecord("quietHours")
        channels = reader.enumList("channels") ?? defaults.channels
        webhookURL = reader.optionalString("webhookURL")
    }

    public func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("isEnabled", isEnabled)
        writer.field("intervalMinutes", intervalMinutes)
        writer.field("monitoredDomains", monitoredDomains)
        writer.field("notifyOn", notifyOn)
        writer.field("expiryWarningDays", expiryWarningDays)
        writer.field("quietHours", quietHours)
        writer.field("channels", channels)
        writer.field("webhookURL", webhookURL)
        writer.unknownFields(unknownFields)
        writer.endObject()
    }

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
