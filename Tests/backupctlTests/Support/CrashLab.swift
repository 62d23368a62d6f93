import Foundation
import Glibc
import TestSupport
import Testing

/// Kills one scenario's command at chosen points and judges what each kill left.
///
/// A clean run first (with the crash trace on) gives the store after the command and the
/// numbered durable steps a kill can land before; each kill then starts from a fresh copy of
/// the starting folder. After a kill the checks of `CrashChecks` run on the folder, then the
/// next commands — `status`, and the same command again — and the checks once more.
final class CrashLab {
    /// One durable step of the clean run, as the trace named it.
    struct Step: Sendable, CustomStringConvertible {
        var number: Int
        var kind: String
        var path: String
        var description: String { "\(number) (\(kind) \(path))" }
    }

    let scenario: CrashScenario
    private let scratch: TemporaryDirectory
    private let template: URL
    /// The store before the command (nil: none, for an import into a new store).
    let before: StorePeerReading?
    /// The store after a clean run.
    let after: StorePeerReading
    /// The clean run's durable steps, in order.
    let steps: [Step]
    /// How long the clean run took.
    let cleanDuration: Duration
    private var trials = 0

    /// Lays out the starting folder and runs the command once, cleanly.
    init(_ scenario: CrashScenario) throws {
        self.scenario = scenario
        scratch = try TemporaryDirectory(prefix: "backupctl-crash")
        template = scratch.file("start")
        try scenario.prepare(in: template, from: try CrashInputs.shared.get())
        before = try StorePeer.read(template.appendingPathComponent(scenario.storePath).path)

        let reference = scratch.file("clean")
        try FileManager.default.copyItem(at: template, to: reference)
        let trace = scratch.file("clean.trace")
        let started = ContinuousClock.now
        let clean = try Self.run(scenario.arguments, in: reference, environment: [CrashTrace.traceVariable: trace.path])
        cleanDuration = ContinuousClock.now - started
        try #require(clean.status == 0, "\(scenario): the clean run failed: \(clean.stderrText)")
        steps = try CrashTrace.read(trace)
        let reading = try StorePeer.read(reference.appendingPathComponent(scenario.storePath).path)
        after = try #require(reading, "\(scenario): no store after the clean run")
        try #require(after.integrity == "ok", "\(scenario): the clean run left \(after.integrity)")
        if !scenario.writesStore { try #require(after == before, "\(scenario): the clean run changed the store") }
    }

    // MARK: Killing

    /// Runs the command killed just before durable step `number`, then checks the folder.
    func kill(atStep number: Int) throws {
        let folder = try freshFolder()
        let trace = scratch.file("run-\(trials).trace")
        let run = try Self.run(
            scenario.arguments, in: folder,
            environment: [CrashTrace.killVariable: String(number), CrashTrace.traceVariable: trace.path])
        let label = "\(scenario), killed at step \(steps[number - 1]) of \(steps.count)"
        #expect(run.status == 128 + SIGKILL, "\(label): ended with \(run.status) instead: \(run.stderrText)")
        let reached = try CrashTrace.read(trace)
        #expect(
            reached.last?.kind == steps[number - 1].kind && reached.count == number,
            "\(label): the run's steps were not the clean run's: it died at \(reached.last?.description ?? "none")")
        try judge(folder, label: label)
    }

    /// Runs the command killed after `delay` (or not at all when it has finished by then),
    /// then checks the folder.
    /// - Returns: whether the kill struck before the command finished.
    @discardableResult
    func kill(after delay: Duration) throws -> Bool {
        let folder = try freshFolder()
        let process = Process()
        process.executableURL = BuildProducts.backupctl
        process.arguments = scenario.arguments
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(Self.environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let microseconds = delay.components.seconds * 1_000_000 + delay.components.attoseconds / 1_000_000_000_000
        usleep(UInt32(clamping: microseconds))
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let ending = process.terminationReason == .uncaughtSignal ? "killed" : "finished before the kill"
        let label = "\(scenario), killed after \(delay) (\(ending))"
        if process.terminationReason == .exit {
            #expect(process.terminationStatus == 0, "\(label): exit status \(process.terminationStatus)")
        }
        try judge(folder, label: label)
        return process.terminationReason == .uncaughtSignal
    }

    // MARK: Judging

    /// The checks after the kill, then `status` and the command again, then the checks again.
    private func judge(_ folder: URL, label: String) throws {
        let checks = CrashChecks(scenario: scenario, folder: folder, before: before, after: after)
        let killed = try checks.afterKill()
        #expect(killed.isEmpty, "\(label): \(killed.joined(separator: "\n"))")
        let status = try checks.statusReportsLeftovers()
        #expect(status.isEmpty, "\(label): \(status.joined(separator: "\n"))")

        let rerun = try Self.run(scenario.arguments, in: folder)
        #expect(rerun.status != 75, "\(label): the lock was still held: \(rerun.stderrText)")
        #expect(rerun.status == 0, "\(label): the command run again failed (\(rerun.status)): \(rerun.stderrText)")
        let next = try checks.afterNextCommand()
        #expect(next.isEmpty, "\(label): after the command ran again: \(next.joined(separator: "\n"))")
        try FileManager.default.removeItem(at: folder)
    }

    private func freshFolder() throws -> URL {
        trials += 1
        let folder = scratch.file("run-\(trials)")
        try FileManager.default.copyItem(at: template, to: folder)
        return folder
    }

    /// The variables every run gets: a fixed clock, so names are the same in every run.
    private static let environment = ["BACKUPCTL_TEST_NOW": CrashScenario.now]

    /// Runs `backupctl` to its end in `folder`.
    static func run(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws
        -> ProcessOutput
    {
        try ProcessRunner.run(
            BuildProducts.backupctl.path, arguments, environment: Self.environment.merging(environment) { $1 },
            currentDirectory: folder)
    }
}
