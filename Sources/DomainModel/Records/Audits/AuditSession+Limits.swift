extension AuditSession {
    /// The most checks one session keeps.
    public static let maxChecks = 500

    /// One check per id, the first kept (with the unknown fields of the later ones it lacks).
    static func distinctChecks(_ checks: [AuditCheck]) -> [AuditCheck] {
        distinctElements(checks, by: \.id)
    }
}
