import BackupFormat
import Concurrency
import Foundation

/// How long each section of an import took, from the pipeline's report of each section it
/// starts: a section's time runs from its start to the next one's (the last one's to the
/// end). The importer reports on its own thread, hence the mutex.
final class SectionTimes: Sendable {
    private let starts = Locked<[(section: BackupSection, at: ContinuousClock.Instant)]>([])

    /// Records that work on `section` starts now.
    func start(_ section: BackupSection) {
        let now = ContinuousClock.now
        starts.withLock { $0.append((section, now)) }
    }

    /// Each section's time, given when the work ended.
    func durations(endingAt end: ContinuousClock.Instant) -> [BackupSection: TimeInterval] {
        let starts = starts.withLock { $0 }
        let ends = starts.dropFirst().map(\.at) + [end]
        // Should a section be reported twice, the time from its last start counts.
        return Dictionary(
            zip(starts, ends).map { ($0.section, ($1 - $0.at).timeInterval) }, uniquingKeysWith: { _, later in later })
    }
}
