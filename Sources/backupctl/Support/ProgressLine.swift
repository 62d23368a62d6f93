import BackupFormat
import Concurrency
import DurableIO
import Foundation

/// One line of progress on standard error — what is being done, the share of its bytes done,
/// the throughput and the time left — redrawn in place at most ten times a second and
/// cleared at the end:
///
///     exporting  42%  82.9 MB of 197.2 MB  61.3 MB/s  0:02 left
///
/// Shown only when standard error is a terminal and neither `--quiet` nor `--json` was
/// given, so logs, pipes and cron never see it. Pipelines report from their worker threads,
/// so the line's state is behind a mutex.
final class ProgressLine: Sendable {
    /// The shortest time between two redraws.
    static let redrawInterval: Duration = .milliseconds(100)
    /// Moves to the start of the line and erases it.
    static let erase = "\r\u{1B}[K"

    /// What the line shows and when it was drawn, apart from the terminal, so that tests can
    /// drive it with their own clock.
    struct State {
        /// What the line is about; a new one restarts the clock the throughput is taken from.
        private var label = ""
        private var started = ContinuousClock.now
        private var lastDrawn: ContinuousClock.Instant?
        private var isShown = false
        /// Set by `finish()`: a report arriving late from a worker thread draws nothing.
        private var isFinished = false

        /// The text to draw for `progress` reported at `now`, or nil when the line was drawn
        /// less than `redrawInterval` ago for the same label, or is finished.
        mutating func frame(_ label: String, _ progress: ByteProgress, at now: ContinuousClock.Instant) -> String? {
            guard !isFinished else { return nil }
            if self.label != label {
                self.label = label
                started = now
                lastDrawn = nil
            }
            if let lastDrawn, now - lastDrawn < ProgressLine.redrawInterval { return nil }
            lastDrawn = now
            isShown = true
            return ProgressLine.text(label, progress, elapsed: now - started)
        }

        /// Ends the line for good. Returns whether it is on the screen and must be erased.
        mutating func finish() -> Bool {
            isFinished = true
            defer { isShown = false }
            return isShown
        }
    }

    private let isEnabled: Bool
    private let state = Locked(State())

    init(options: CommonOptions) {
        isEnabled = DescriptorIO.standardError.isTerminal && !options.quiet && !options.json
    }

    /// A handler for a pipeline's progress, shown under `label` (`"importing"`), which redraws
    /// the line unless it was drawn less than `redrawInterval` ago; nil when the line is not
    /// shown, so the pipeline does not even measure.
    func handler(_ label: String) -> ByteProgress.Handler? {
        guard isEnabled else { return nil }
        return { [self] progress in
            let now = ContinuousClock.now
            state.withLock { state in
                // Written under the lock, so frames from different threads never interleave.
                if let frame = state.frame(label, progress, at: now) {
                    DescriptorIO.standardError.writeMessage(Self.erase + frame)
                }
            }
        }
    }

    /// Removes the line, if it is shown, for good: later reports draw nothing.
    func clear() {
        state.withLock { state in
            if state.finish() { DescriptorIO.standardError.writeMessage(Self.erase) }
        }
    }

    /// The line's text: the label, the percentage, the bytes, and — once there is a
    /// throughput to go by — the bytes per second and the time left (`--` until then).
    static func text(_ label: String, _ progress: ByteProgress, elapsed: Duration) -> String {
        let percent = Int((progress.fraction * 100).rounded(.down))
        var parts = [
            label, "\(percent)%".leftPadded(to: 4),
            "\(Formatting.bytes(progress.completed)) of \(Formatting.bytes(progress.total))",
        ]
        let seconds = elapsed.timeInterval
        let rate = seconds > 0 ? Double(progress.completed) / seconds : 0
        if rate >= 1 {
            let left = Double(max(0, progress.total - progress.completed)) / rate
            parts += ["\(Formatting.bytes(Int64(rate)))/s", "\(clock(left)) left"]
        } else {
            parts += ["-- B/s", "--:-- left"]
        }
        return parts.joined(separator: "  ")
    }

    /// `0:07`, `12:30`, `1:02:03`.
    private static func clock(_ seconds: Double) -> String {
        let total = Int(seconds.rounded(.up))
        let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
        let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(secs))" : "\(minutes):\(twoDigits(secs))"
    }
}
