import Foundation

/// A one-line progress display on stderr, shown only when stderr is a terminal and
/// `--quiet` was not given (cron logs stay clean).
final class ProgressLine: @unchecked Sendable {
    private let enabled: Bool
    private var shown = false

    init(options: CommonOptions) {
        enabled = Console.stderrIsTerminal && !options.quiet
    }

    /// Replaces the line with `text`.
    func show(_ text: String) {
        guard enabled else { return }
        Console.write("\r\u{1B}[K\(text)", to: STDERR_FILENO)
        shown = true
    }

    /// Removes the line.
    func clear() {
        guard enabled, shown else { return }
        Console.write("\r\u{1B}[K", to: STDERR_FILENO)
        shown = false
    }
}
