/// What started a lookup.
public enum LookupTrigger: String, LenientEnum {
    case manual, monitoring, workflow, audit

    /// Unknown triggers read as manual: nothing automatic is assumed.
    public static let fallback = LookupTrigger.manual
}
