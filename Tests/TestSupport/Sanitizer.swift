import Foundation

/// The sanitizer the test suite runs under, as `make sanitize` says in `BACKUPCTL_SANITIZER`
/// (`thread` or `address`; unset otherwise), for the few tests that cannot run under one:
///
///     @Test(.disabled(if: Sanitizer.current != nil, "why it cannot run under a sanitizer"))
public enum Sanitizer: String, Sendable {
    case thread
    case address

    /// The sanitizer of this run, or nil outside `make sanitize`.
    public static var current: Sanitizer? {
        ProcessInfo.processInfo.environment["BACKUPCTL_SANITIZER"].flatMap(Sanitizer.init(rawValue:))
    }
}
