import Foundation
import TestSupport

/// The crash trace `BACKUPCTL_TEST_CRASH_TRACE` writes (DurableIO's `CrashPoint`).
enum CrashTrace {
    static let killVariable = "BACKUPCTL_TEST_CRASH_AT"
    static let traceVariable = "BACKUPCTL_TEST_CRASH_TRACE"

    /// The steps of a trace file, `N kind path` per line; none when there is no file.
    static func read(_ url: URL) throws -> [CrashLab.Step] {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", maxSplits: 2).map(String.init)
            guard fields.count == 3, let number = Int(fields[0]) else { return nil }
            return CrashLab.Step(number: number, kind: fields[1], path: fields[2])
        }
    }
}

extension CommandWorkspace {
    /// Runs `backupctl` with the crash trace on.
    /// - Returns: how it ended, and the durable steps it reached.
    func backupctlTracingSteps(_ arguments: [String]) throws -> (output: ProcessOutput, steps: [CrashLab.Step]) {
        let trace = directory.url.deletingLastPathComponent().appendingPathComponent("\(UUID().uuidString).trace")
        defer { try? FileManager.default.removeItem(at: trace) }
        let output = try backupctl(arguments: arguments, environment: [CrashTrace.traceVariable: trace.path])
        return (output, try CrashTrace.read(trace))
    }

    /// Runs `backupctl` killed just before durable step `number`.
    func backupctl(_ arguments: [String], killedAtStep number: Int) throws -> ProcessOutput {
        try backupctl(arguments: arguments, environment: [CrashTrace.killVariable: String(number)])
    }
}
