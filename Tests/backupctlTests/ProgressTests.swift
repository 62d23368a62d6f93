import BackupFormat
import Foundation
import TestSupport
import Testing

@testable import backupctl

/// The progress line on a terminal (a pseudo-terminal, through util-linux's `script`), and
/// its absence everywhere else.
@Suite struct ProgressTests {
    /// One frame: `exporting   42%  82.9 MB of 197.2 MB  61.3 MB/s  0:02 left`, or with
    /// `-- B/s  --:-- left` before there is a throughput to go by.
    static var frame: Regex<(Substring, label: Substring, percent: Substring, Substring, Substring, Substring?)> {
        #/(?<label>[a-z]+) +(?<percent>\d{1,3})%  [\d.]+ [KMG]?B of [\d.]+ [KMG]?B  (-- B|[\d.]+ [KMG]?B)/s  (--:--|\d+:\d\d(:\d\d)?) left/#
    }

    /// The frames drawn on the terminal, in order, and whether the line was erased after the
    /// last one (rather than left for the command's own output to run into).
    static func frames(_ terminal: String) -> (frames: [String], erasedAtEnd: Bool) {
        let pieces = terminal.components(separatedBy: ProgressLine.erase)
        let frames = pieces.dropFirst().filter { $0.wholeMatch(of: frame) != nil }
        guard let last = pieces.lastIndex(where: { $0.wholeMatch(of: frame) != nil }) else { return ([], true) }
        return (Array(frames), last < pieces.count - 1)
    }

    /// A workspace with a sample store, a backup of it and a backup directory holding one.
    private func prepared() throws -> CommandWorkspace {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore()
        _ = try workspace.exportBackup(from: store)
        let backup = try workspace.backupctl("backup", "--dir", workspace.path("backups"), "--store", store)
        try #require(backup.status == 0, "\(backup.stderrText)")
        return workspace
    }

    static let commands: [(label: String, arguments: [String])] = [
        ("exporting", ["export", "--store", "store.sqlite", "-o", "again.ddbackup"]),
        ("importing", ["import", "backup.ddbackup", "--store", "restored.sqlite"]),
        ("validating", ["validate", "backup.ddbackup"]),
        ("upgrading", ["upgrade", "backup.ddbackup", "-o", "upgraded.ddbackup"]),
        ("verifying", ["backup", "--dir", "backups", "--store", "store.sqlite"]),
        ("verifying", ["list", "--dir", "backups", "--verify"]),
        // restore verifies the backup it takes, then imports it as import does.
        ("verifying", ["restore", "--dir", "backups", "--store", "from-directory.sqlite", "--dry-run"]),
        ("importing", ["restore", "--dir", "backups", "--store", "from-directory.sqlite"]),
    ]

    @Test(arguments: commands.indices)
    func showsPercentThroughputAndTimeLeftOnATerminalThenErasesIt(index: Int) throws {
        let (label, arguments) = Self.commands[index]
        let workspace = try prepared()
        let output = try workspace.backupctlOnTerminal(arguments: arguments)
        #expect(output.status == 0, "\(output.stdoutText)")
        let (frames, erased) = Self.frames(output.stdoutText)
        #expect(
            frames.contains { $0.hasPrefix(label + " ") },
            "no '\(label)' frame in \(output.stdoutText.debugDescription)")
        #expect(erased, "the line was left on the screen")
        // The percentage never goes back within one label, and never passes 100.
        var highest: [String: Int] = [:]
        for frame in frames {
            let match = try #require(frame.wholeMatch(of: Self.frame))
            let percent = try #require(Int(match.percent))
            #expect(percent <= 100)
            #expect(percent >= highest[String(match.label), default: 0])
            highest[String(match.label)] = percent
        }
    }

    @Test func exportToAPipeFromATerminalShowsProgressBesideTheArchive() throws {
        let workspace = try prepared()
        let output = try workspace.backupctlOnTerminal(
            "export", "--store", "store.sqlite", "-o", "-", redirection: "> piped.ddbackup")
        #expect(output.status == 0)
        #expect(Self.frames(output.stdoutText).frames.contains { $0.hasPrefix("exporting ") })
        #expect(try workspace.backupctl("validate", "piped.ddbackup", "--quiet").status == 0)
    }

    @Test(arguments: ["--quiet", "-q", "--json"])
    func quietAndJSONShowNoProgress(flag: String) throws {
        let workspace = try prepared()
        for arguments in Self.commands.map(\.arguments) {
            let output = try workspace.backupctlOnTerminal(arguments: arguments + [flag])
            #expect(!output.stdoutText.contains(ProgressLine.erase), "\(arguments) \(flag) drew progress")
            #expect(output.status == 0)
        }
    }

    @Test func noProgressWhenStandardErrorIsNotATerminal() throws {
        let workspace = try prepared()
        for arguments in Self.commands.map(\.arguments) {
            let output = try workspace.backupctl(arguments: arguments)
            #expect(output.status == 0, "\(arguments): \(output.stderrText)")
            #expect(!output.stderrText.contains("\u{1B}"), "\(arguments) wrote to a pipe as to a terminal")
            #expect(!output.stdoutText.contains("\u{1B}"))
        }
    }

    @Test func redrawsAtMostTenTimesASecondAndNothingOnceFinished() {
        var state = ProgressLine.State()
        let start = ContinuousClock.now
        let half = ByteProgress(completed: 50, total: 100)
        #expect(state.frame("importing", half, at: start) != nil)
        #expect(state.frame("importing", half, at: start + .milliseconds(60)) == nil)
        #expect(state.frame("importing", half, at: start + .milliseconds(99)) == nil)
        #expect(state.frame("importing", half, at: start + .milliseconds(100)) != nil)
        // A new stage is drawn at once, its throughput measured from its own start.
        let verifying = state.frame("verifying", ByteProgress(completed: 0, total: 10), at: start + .milliseconds(120))
        #expect(verifying == "verifying    0%  0 B of 10 B  -- B/s  --:-- left")
        let wasShown = state.finish()
        #expect(wasShown)
        #expect(state.frame("verifying", half, at: start + .seconds(5)) == nil)
        let shownAgain = state.finish()
        #expect(!shownAgain)
    }

    @Test func theLineSaysHowMuchHowFastAndHowLong() {
        let text = ProgressLine.text(
            "exporting", ByteProgress(completed: 80_000_000, total: 197_200_000), elapsed: .seconds(2))
        #expect(text == "exporting   40%  80.0 MB of 197.2 MB  40.0 MB/s  0:03 left")
        let long = ProgressLine.text(
            "importing", ByteProgress(completed: 1_000_000, total: 5_000_000_000), elapsed: .seconds(1))
        #expect(long == "importing    0%  1.0 MB of 5.0 GB  1.0 MB/s  1:23:19 left")
        let nothing = ProgressLine.text("verifying", ByteProgress(completed: 0, total: 0), elapsed: .zero)
        #expect(nothing == "verifying  100%  0 B of 0 B  -- B/s  --:-- left")
    }
}
