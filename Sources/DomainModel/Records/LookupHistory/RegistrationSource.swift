/// Where registration data came from.
public enum RegistrationSource: String, LenientEnum {
    case rdap, whois

    /// Unknown sources read as WHOIS, the least structured and least trusted.
    public static let fallback = RegistrationSource.whois
}
