import Glibc
import Synchronization

/// Deterministic crash injection for the crash tests (`make crashtest`): the durable steps of
/// a command — creating, writing, syncing, renaming and removing files, folder syncs, SQLite
/// writes and commits — each announce themselves here before they run, and a test can have
/// the process SIGKILL itself at the Nth of them.
///
/// Inert unless `BACKUPCTL_TEST_CRASH_AT` or `BACKUPCTL_TEST_CRASH_TRACE` is set when the
/// process starts: the environment is read once, and an unarmed `reach` is one load and one
/// branch. Like `BACKUPCTL_TEST_NOW`, the variables are for tests only; a process that has
/// them set kills itself on purpose.
///
/// - `BACKUPCTL_TEST_CRASH_AT=N` (N ≥ 1): the process kills itself with SIGKILL just before
///   the Nth step runs, so steps 1…N−1 have happened and nothing after them has.
/// - `BACKUPCTL_TEST_CRASH_TRACE=FILE`: each step appends `N kind path` to FILE (created,
///   mode 0600), the killing one included; a clean run's trace counts the points a test can
///   kill at, a killed run's last line says where it died.
///
/// The steps are counted in the order they are reached; the commands reach them from one
/// thread at a time, so the Nth step of a run is the same step every run.
public enum CrashPoint {
    /// The variable that names the step to die at.
    public static let killVariable = "BACKUPCTL_TEST_CRASH_AT"
    /// The variable that names the trace file.
    public static let traceVariable = "BACKUPCTL_TEST_CRASH_TRACE"

    /// What a step does to the disk.
    public enum Kind: String, Sendable {
        /// A file or folder created (`open` with `O_CREAT`, `mkdir`).
        case create
        /// Bytes written to a file.
        case write
        /// A file flushed (`fsync`).
        case sync
        /// A file renamed onto its final name.
        case rename
        /// A file removed.
        case remove
        /// A folder's entries flushed.
        case syncFolder = "sync-folder"
        /// An SQLite statement or command that writes (the transaction's statements, `COMMIT`,
        /// a checkpoint).
        case sqlite
    }

    /// Whether crash injection is on for this process: callers that must do extra work to
    /// name a step (such as asking SQLite whether a statement writes) check this first.
    @inline(__always)
    public static var isArmed: Bool { Injector.shared != nil }

    /// Announces a durable step that is about to run; kills the process when it is the one
    /// the test asked for.
    /// - Parameters:
    ///   - kind: what the step does.
    ///   - path: the file it is about, for the trace.
    @inline(__always)
    public static func reach(_ kind: Kind, _ path: String) {
        guard let injector = Injector.shared else { return }
        injector.reach(kind, path)
    }
}

/// The armed state: the step to die at, the trace file and the count so far.
private final class Injector: Sendable {
    /// Nil — nothing to do on any step — unless one of the variables is set.
    static let shared: Injector? = Injector()

    private let killAt: Int?
    private let trace: Int32?
    private let count = Atomic<Int>(0)

    private init?() {
        let killAt = Self.variable(CrashPoint.killVariable).flatMap { Int($0) }.flatMap { $0 >= 1 ? $0 : nil }
        let tracePath = Self.variable(CrashPoint.traceVariable)
        guard killAt != nil || tracePath != nil else { return nil }
        self.killAt = killAt
        // Not through FileDescriptor: opening the trace must not itself count as a step.
        trace = tracePath.flatMap { path in
            let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
            return descriptor >= 0 ? descriptor : nil
        }
    }

    private static func variable(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }

    func reach(_ kind: CrashPoint.Kind, _ path: String) {
        let number = count.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue
        if let trace {
            // One write per line, appended: the line is whole even when the next step kills.
            let line = Array("\(number) \(kind.rawValue) \(path)\n".utf8)
            _ = line.withUnsafeBytes { write(trace, $0.baseAddress, $0.count) }
        }
        if number == killAt {
            kill(getpid(), SIGKILL)
            // SIGKILL cannot be caught; should delivery lag, nothing of this step may run.
            while true { pause() }
        }
    }
}
