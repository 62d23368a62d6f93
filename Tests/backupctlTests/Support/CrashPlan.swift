import Foundation

/// Which kills the crash tests make, from the environment `make crashtest` sets; without it —
/// inside `make test` — a small deterministic sample.
///
/// - `BACKUPCTL_CRASH_POINTS`: `all` (every durable step of the clean run) or how many steps,
///   spread evenly over the run and always including its last. Default 3.
/// - `BACKUPCTL_CRASH_TIMED`: how many kills after a delay, at 1/(n+1) … n/(n+1) of the clean
///   run's duration — they land inside SQLite's writes and the archive's compression, between
///   the durable steps. Default 0.
/// - `BACKUPCTL_CRASH_SIZE`: the sample stores' size (`small`, `medium`, `large`). Default small.
struct CrashPlan: Sendable {
    var stepCount: Int?
    var timedCount: Int
    var size: String

    /// The plan the environment asks for.
    static let current = CrashPlan(environment: ProcessInfo.processInfo.environment)

    init(environment: [String: String]) {
        let points = environment["BACKUPCTL_CRASH_POINTS"] ?? ""
        stepCount = points == "all" ? nil : Int(points).map { max(1, $0) } ?? 3
        timedCount = Int(environment["BACKUPCTL_CRASH_TIMED"] ?? "").map { max(0, $0) } ?? 0
        size = environment["BACKUPCTL_CRASH_SIZE"].flatMap { $0.isEmpty ? nil : $0 } ?? "small"
    }

    /// The step numbers (1-based) to kill at, out of `total`.
    func steps(outOf total: Int) -> [Int] {
        guard let stepCount, stepCount < total else { return Array(1...max(total, 1)).filter { $0 <= total } }
        let chosen = (1...stepCount).map { index in
            Int((Double(total) * Double(index) / Double(stepCount)).rounded(.up))
        }
        return Array(Set(chosen)).sorted()
    }

    /// The delays to kill after, for a clean run of `duration`.
    func delays(for duration: Duration) -> [Duration] {
        guard timedCount > 0 else { return [] }
        return (1...timedCount).map { duration * Double($0) / Double(timedCount + 1) }
    }
}
