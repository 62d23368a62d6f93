/// The outcome of validating a backup: every finding, with counts per severity.
public struct ValidationReport: Sendable {
    /// The file validated ("standard input" for `-`).
    public var file: String
    /// The backup's schema version, when it could be read.
    public var schemaVersion: Int?
    /// Every finding, in the order found.
    public var findings: [Finding]

    public init(file: String, schemaVersion: Int? = nil, findings: [Finding] = []) {
        self.file = file
        self.schemaVersion = schemaVersion
        self.findings = findings
    }

    public func count(_ severity: Finding.Severity) -> Int {
        findings.count { $0.severity == severity }
    }

    /// Whether anything makes the backup unusable.
    public var hasErrors: Bool { findings.contains { $0.severity == .error } }

    /// The first error as `location: message`, for a one-line failure message; nil without errors.
    public var firstError: String? {
        findings.first { $0.severity == .error }.map { "\($0.location): \($0.message)" }
    }

    /// Whether the backup is refused because it comes from a newer version.
    public var isFromNewerVersion: Bool { findings.contains { $0.code == .versionNewer } }
}
