/// A kind of change monitoring reports.
public enum MonitoringEvent: String, LenientEnum {
    case dnsChange, registrationExpiry, tlsExpiry, httpStatusChange, unreachable, ok

    /// Unknown events read as dnsChange: reported as a change worth a look, never as "ok".
    public static let fallback = MonitoringEvent.dnsChange
}

/// Where monitoring notifications go.
public enum NotificationChannel: String, LenientEnum {
    case push, email, webhook

    /// Unknown channels read as push, the on-device default.
    public static let fallback = NotificationChannel.push
}
