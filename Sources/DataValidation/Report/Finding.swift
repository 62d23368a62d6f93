/// One thing validation found: how serious, a stable code, where, and what to do.
public struct Finding: Sendable, Equatable, CustomStringConvertible {
    /// How serious a finding is (design §5).
    public enum Severity: String, Sendable, Comparable, CaseIterable {
        /// The import is refused: the file cannot be trusted or understood.
        case error
        /// The import proceeds and says what it did.
        case warning
        /// Expected and harmless.
        case note

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    public var severity: Severity
    public var code: FindingCode
    /// The section, when the finding is inside one.
    public var section: String?
    /// A JSON path such as `$.trackedDomains[12].domain`, or an archive entry path.
    public var location: String
    /// A sentence a person can act on.
    public var message: String

    public init(_ severity: Severity, _ code: FindingCode, section: String?, location: String, message: String) {
        self.severity = severity
        self.code = code
        self.section = section
        self.location = location
        self.message = message
    }

    /// `error record.domain $.trackedDomains[12].domain: …`.
    public var description: String {
        "\(severity.rawValue) \(code.rawValue) \(location): \(message)"
    }
}
