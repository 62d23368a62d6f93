import Foundation
import Glibc
import TestSupport
import Testing

/// Crash testing (issue 16): `export`, `import` (merge, replace, into a new store), `migrate`
/// and `backup --dir` SIGKILLed at their durable steps — each file created, written, synced,
/// renamed or removed, each SQLite write and commit, found by a clean run's crash trace — on
/// SQLite and property-list stores. After each kill: the store is sound (Python's
/// `integrity_check` / `plistlib`) and holds its content before or after the command (key by
/// key, read by Python); every file under a final name passes `inspect` and `validate`;
/// `status` reports the temporary files left; the command runs again (the lock is free), after
/// which no temporary file is left and the store is what a clean run leaves.
///
/// Inside `make test` a few steps per command; `make crashtest` kills at every step and after
/// timed delays (`CrashPlan`).
@Suite struct CrashTests {
    @Test func theCrashHookTracesEachDurableStepAndKillsBeforeTheOneAsked() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore("store.plist")
        let arguments = ["export", "--store", store, "-o", workspace.path("b.ddbackup"), "--quiet"]
        let cleanTrace = workspace.path("clean.trace")
        let clean = try workspace.backupctl(arguments: arguments, environment: [CrashTrace.traceVariable: cleanTrace])
        #expect(clean.status == 0, "\(clean.stderrText)")
        let steps = try CrashTrace.read(URL(fileURLWithPath: cleanTrace))
        #expect(steps.map(\.number) == Array(1...max(steps.count, 1)))
        let kinds = steps.map(\.kind)
        #expect(kinds.contains("create") && kinds.contains("rename") && kinds.contains("sync-folder"), "\(steps)")
        let rename = try #require(steps.first { $0.kind == "rename" })
        try FileManager.default.removeItem(atPath: workspace.path("b.ddbackup"))

        let killedTrace = workspace.path("killed.trace")
        let killed = try workspace.backupctl(
            arguments: arguments,
            environment: [CrashTrace.killVariable: String(rename.number), CrashTrace.traceVariable: killedTrace])
        #expect(killed.status == 128 + SIGKILL)
        let reached = try CrashTrace.read(URL(fileURLWithPath: killedTrace))
        #expect(reached.map(\.kind) == Array(kinds.prefix(rename.number)))
        #expect(!FileManager.default.fileExists(atPath: workspace.path("b.ddbackup")), "killed before its rename")

        // Unset or empty variables arm nothing.
        let unarmed = try workspace.backupctl(
            arguments: arguments, environment: [CrashTrace.killVariable: "", CrashTrace.traceVariable: ""])
        #expect(unarmed.status == 0, "\(unarmed.stderrText)")
    }

    @Test(arguments: CrashScenario.all)
    func killedAtDurableSteps(_ scenario: CrashScenario) throws {
        let plan = CrashPlan.current
        let lab = try CrashLab(scenario)
        try #require(!lab.steps.isEmpty, "\(scenario): the clean run reached no durable step")
        let chosen = plan.steps(outOf: lab.steps.count)
        print("crash test \(scenario): \(chosen.count) of \(lab.steps.count) steps, clean run \(lab.cleanDuration)")
        for number in chosen { try lab.kill(atStep: number) }
    }

    @Test(.enabled(if: CrashPlan.current.timedCount > 0), arguments: CrashScenario.all)
    func killedAfterTimedDelays(_ scenario: CrashScenario) throws {
        let plan = CrashPlan.current
        let lab = try CrashLab(scenario)
        let delays = plan.delays(for: lab.cleanDuration)
        var struck = 0
        for delay in delays where try lab.kill(after: delay) { struck += 1 }
        print(
            "crash test \(scenario): \(struck) of \(delays.count) timed kills struck a clean run of \(lab.cleanDuration)"
        )
    }
}
