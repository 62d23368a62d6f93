/// Where an audit session stands.
public enum AuditStatus: String, LenientEnum {
    case running, completed, failed, cancelled

    /// Unknown states read as failed: an unknown outcome is never shown as a pass.
    public static let fallback = AuditStatus.failed
}

/// The area an audit check covers.
public enum AuditCategory: String, LenientEnum {
    case dns, email, tls, http, registration, security

    /// Unknown categories are grouped under security, where they get looked at.
    public static let fallback = AuditCategory.security
}

/// How much a finding matters.
public enum Severity: String, LenientEnum {
    case info, low, medium, high, critical

    /// Unknown severities read as medium: neither hidden nor alarming.
    public static let fallback = Severity.medium
}

/// The outcome of one audit check.
public enum CheckResult: String, LenientEnum {
    case pass, warn, fail, skipped, error

    /// Unknown results read as error: never counted as a pass.
    public static let fallback = CheckResult.error
}
