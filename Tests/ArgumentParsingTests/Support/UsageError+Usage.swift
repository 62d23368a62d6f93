@testable import ArgumentParsing

extension UsageError {
    /// The usage synopsis of the command involved, on one line, without `Usage: `:
    /// `backupctl import <file> [--mode <merge|replace>] [--dry-run]`.
    var usage: String { synopsis.units.joined(separator: " ") }
}
