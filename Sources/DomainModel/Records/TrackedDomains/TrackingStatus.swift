/// Whether DomainDig actively follows a tracked domain.
public enum TrackingStatus: String, LenientEnum {
    case active, paused, archived

    /// Unknown states read as `active`: the domain stays visible rather than disappearing.
    public static let fallback = TrackingStatus.active
}
