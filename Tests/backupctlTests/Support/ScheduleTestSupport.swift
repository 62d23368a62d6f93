import Foundation
import Glibc
import TestSupport
import Testing

/// What the scheduling tests share: backup names and times computed without backupctl's code,
/// restic's `forget` rules as an independent Python program, and ways to hold a backup
/// directory's lock from another process.
enum ScheduleTestSupport {
    /// `--keep-hourly 24 --keep-daily 7 --keep-weekly 4 --keep-monthly 6`, the issue's policy.
    static let issuePolicy = ["hourly": 24, "daily": 7, "weekly": 4, "monthly": 6]

    /// The `--keep-…` options of a policy such as `issuePolicy`.
    static func keepOptions(_ policy: [String: Int]) -> [String] {
        ["last", "hourly", "daily", "weekly", "monthly"].flatMap { rule in
            policy[rule].map { ["--keep-\(rule)", String($0)] } ?? []
        }
    }

    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// A date from `YYYY-MM-DDTHH:MM:SSZ`.
    static func date(_ text: String) -> Date {
        guard let date = ISO8601DateFormatter().date(from: text) else {
            preconditionFailure("not a timestamp: \(text)")
        }
        return date
    }

    /// `2026-01-18T23:00:05Z`: what `BACKUPCTL_TEST_NOW` takes.
    static func timestamp(_ date: Date) -> String {
        ISO8601DateFormatter().string(from: date)
    }

    /// `domaindig-20260118T230005Z.ddbackup`: the name a backup taken at `date` gets.
    static func backupName(_ date: Date) -> String {
        let parts = utc.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(
            format: "domaindig-%04d%02d%02dT%02d%02d%02dZ.ddbackup",
            parts.year!, parts.month!, parts.day!, parts.hour!, parts.minute!, parts.second!)
    }

    /// The backup-named files of a directory (no lock file, no temporary files), sorted.
    static func backupNames(in directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { $0.hasPrefix("domaindig-") && $0.hasSuffix(".ddbackup") }.sorted()
    }

    // MARK: The reference

    /// The rules (`last`, `hourly`, `daily`, `weekly`, `monthly`, in that order) that keep each
    /// time of each history, as the Python reference `Tests/Fixtures/schedule/restic_forget.py`
    /// decides them; one Python run for all the histories.
    static func forgetReasons(_ histories: [[Date]], policy: [String: Int]) throws -> [[[String]]] {
        let request: [String: Any] = [
            "cases": histories.map { times in
                ["times": times.map(\.timeIntervalSince1970), "policy": policy] as [String: Any]
            }
        ]
        let script = try String(contentsOf: Fixtures.url("schedule/restic_forget.py"), encoding: .utf8)
        let output = try ProcessRunner.python(script, stdin: try JSONSerialization.data(withJSONObject: request))
        try #require(output.status == 0, "the reference failed: \(output.stderrText)")
        let response = try #require(try JSONSerialization.jsonObject(with: output.stdout) as? [String: Any])
        return try #require(response["results"] as? [[[String]]])
    }

    /// The names the reference keeps of `times` under `policy`, sorted.
    static func expectedKept(_ times: [Date], reasons: [[String]]) -> [String] {
        zip(times, reasons).filter { !$0.1.isEmpty }.map { backupName($0.0) }.sorted()
    }

    // MARK: Locks held by other processes

    /// Whether some process holds the `flock` on `path` (checked by trying it without waiting).
    static func lockIsHeld(_ path: String) -> Bool {
        let descriptor = open(path, O_RDWR)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
            flock(descriptor, LOCK_UN)
            return false
        }
        return errno == EWOULDBLOCK
    }

    /// The state letter of a process in `/proc` (`R`, `S`, `T` stopped, `Z` exited), or nil
    /// once it is gone.
    static func processState(_ pid: Int32) -> Character? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return nil }
        return stat[end...].dropFirst(2).first
    }

    /// Stops `process` (SIGSTOP) at a moment it holds the `flock` on `lockFile`, having written
    /// its pid there: it stops and looks again until then, or until the process has finished.
    /// Signals go through a pidfd taken while the child cannot yet have been reaped: once it
    /// ends, Foundation reaps it and its pid may soon name another process (pid_max is often
    /// 32768), which `kill(pid, …)` would stop; a pidfd names the child only, and fails after.
    /// - Returns: whether it was caught holding the lock (it then stays stopped: send SIGCONT).
    static func stopWhileHoldingLock(_ process: Process, lockFile: String) -> Bool {
        let pid = process.processIdentifier
        guard let child = ChildProcessHandle(pid: pid), process.isRunning else { return false }
        while process.isRunning, child.signal(SIGSTOP) {
            while let state = processState(pid), state != "T", state != "Z" { sched_yield() }
            let holder = (try? String(contentsOfFile: lockFile, encoding: .utf8)) ?? ""
            if processState(pid) == "T", holder == "\(pid)\n", lockIsHeld(lockFile) { return true }
            _ = child.signal(SIGCONT)
            usleep(500)
        }
        return false
    }
}

/// A child process named by a pidfd (Linux 5.3), for signals that can never reach another
/// process that inherited its pid. glibc 2.36 has `pidfd_open` and `pidfd_send_signal`, but
/// Swift's Glibc module does not declare them: they are looked up by name.
final class ChildProcessHandle {
    private typealias Open = @convention(c) (pid_t, UInt32) -> Int32
    private typealias Send = @convention(c) (Int32, Int32, UnsafeMutablePointer<siginfo_t>?, UInt32) -> Int32
    private let descriptor: Int32
    private let send: Send

    /// Takes a pidfd for `pid`; nil when the process is gone or the system has no pidfds.
    init?(pid: pid_t) {
        guard let openSymbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pidfd_open"),
            let sendSymbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pidfd_send_signal")
        else { return nil }
        let descriptor = unsafeBitCast(openSymbol, to: Open.self)(pid, 0)
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
        send = unsafeBitCast(sendSymbol, to: Send.self)
    }

    /// Sends `signal` to the child; false once it has ended.
    func signal(_ signal: Int32) -> Bool {
        send(descriptor, signal, nil, 0) == 0
    }

    deinit { close(descriptor) }
}

extension LockHoldingProcess {
    /// A holder of the backup directory's lock (`<directory>/.backupctl.lock`), the folder
    /// created if missing.
    convenience init(directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try self.init(lockFile: URL(fileURLWithPath: directory + "/.backupctl.lock"))
    }
}
