import Foundation

/// Fixed identities and instants for sample records, spelled the same in every test target,
/// so a failure names a record the same way wherever it shows up.
public enum SampleIdentity {
    /// 2026-01-01T00:00:00Z, the instant sample records are dated around.
    public static let referenceDate = Date(timeIntervalSince1970: 1_767_225_600)

    /// A UUID whose last group is `n` in hexadecimal: `uuid(1)` is
    /// `00000000-0000-4000-8000-000000000001`, `uuid(10)` ends in `00000000000a`.
    public static func uuid(_ n: Int) -> UUID {
        let text = uuidText(n, radix: 16)
        guard let id = UUID(uuidString: text) else { preconditionFailure("\(text) is not a UUID") }
        return id
    }

    /// The text of a UUID whose last group reads as `n` in decimal: `uuidText(decimal: 10)` is
    /// `00000000-0000-4000-8000-000000000010`, for JSON fixtures written by hand.
    public static func uuidText(decimal n: Int) -> String {
        uuidText(n, radix: 10)
    }

    /// `days` days after (or, when negative, before) `referenceDate`, plus `seconds`.
    public static func day(_ days: Int, seconds: Int = 0) -> Date {
        referenceDate.addingTimeInterval(Double(days * 86_400 + seconds))
    }

    private static func uuidText(_ n: Int, radix: Int) -> String {
        let digits = String(n, radix: radix)
        return "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - digits.count) + digits
    }
}
