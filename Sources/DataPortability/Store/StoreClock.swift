import DomainModel
import Foundation

/// The current time as backupctl sees it.
///
/// `BACKUPCTL_TEST_NOW` (an ISO 8601 timestamp) fixes it, so tests can simulate months of
/// hourly backups in seconds. It is for testing only: never set it in production, where
/// backup names and retention must follow the real clock.
public struct StoreClock: Sendable {
    /// The variable that fixes the clock in tests.
    public static let testVariable = "BACKUPCTL_TEST_NOW"

    private let fixed: Date?

    /// The clock of this process: the real one unless `BACKUPCTL_TEST_NOW` is set and valid.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        fixed = environment[StoreClock.testVariable].flatMap(Timestamp.parse)
    }

    /// A clock stopped at `date`.
    public init(fixedAt date: Date) {
        fixed = date
    }

    public func now() -> Date {
        fixed ?? Date()
    }
}
