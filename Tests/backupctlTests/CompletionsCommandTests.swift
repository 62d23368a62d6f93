import ArgumentParsing
import Foundation
import TestSupport
import Testing

@testable import backupctl

/// `backupctl completions bash|zsh|fish`, loaded into the real shells: each script parses and
/// offers exactly what the commands declare — checked against the declarations themselves,
/// never a hand-written list.
@Suite struct CompletionsCommandTests {
    let tool = CommandInfo(root: Backupctl.self)

    private func script(_ shell: String, in workspace: CommandWorkspace) throws -> String {
        let output = try workspace.backupctl("completions", shell)
        try #require(output.status == 0, "completions \(shell) failed: \(output.stderrText)")
        #expect(output.stderrText.isEmpty)
        return output.stdoutText
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func scriptParsesAndNothingIsWritten(shell: String) throws {
        let workspace = try CommandWorkspace()
        let check = try ShellTools.checkSyntax(try script(shell, in: workspace), shell: shell)
        #expect(check.status == 0, "\(shell) -n: \(check.stderrText)")
        #expect(check.stderrText.isEmpty)
        #expect(try workspace.names().isEmpty)
    }

    @Test func everyCommandIsDeclaredAndCompleted() {
        // The tree the scripts come from holds every command the root's help lists.
        let names = tool.subcommands.map(\.name)
        #expect(names == BackupctlTests.subcommands + ["help"])
    }

    @Test func bashOffersEveryCommandOptionAndValue() throws {
        let workspace = try CommandWorkspace()
        let probe = try CompletionProbe(script: try script("bash", in: workspace), tool: "backupctl")
        #expect(try CompletionCoverage.bashMismatches(probe, tool: tool) == [])
    }

    @Test func fishOffersEveryCommandOptionAndValue() throws {
        let workspace = try CommandWorkspace()
        let probe = try CompletionProbe(script: try script("fish", in: workspace), tool: "backupctl")
        #expect(try CompletionCoverage.fishMismatches(probe, tool: tool) == [])
    }

    @Test func zshDefinesEveryCommandAndOption() throws {
        let workspace = try CommandWorkspace()
        let text = try script("zsh", in: workspace)
        let probe = try CompletionProbe(script: text, tool: "backupctl")
        #expect(try CompletionCoverage.zshMismatches(script: text, probe, tool: tool) == [])
    }

    @Test func valuesAreTheOnesTheCommandsAccept() throws {
        let workspace = try CommandWorkspace()
        let probe = try CompletionProbe(script: try script("bash", in: workspace), tool: "backupctl")
        #expect(try probe.bash(["backupctl", "export", "--compression", ""]) == ["zstd", "gzip", "none"])
        #expect(try probe.bash(["backupctl", "import", "b.ddbackup", "--mode", ""]) == ["merge", "replace"])
        #expect(try probe.bash(["backupctl", "sample", "--size", ""]) == ["small", "medium", "large"])
        #expect(try probe.bash(["backupctl", "schema", "--version", ""]) == ["1", "2", "3", "4"])
        #expect(try probe.bash(["backupctl", "completions", ""]) == ["bash", "zsh", "fish"])
        #expect(try probe.bash(["backupctl", "help", "ex"]) == ["export"])
    }

    @Test func filesWhereACommandReadsOrWritesOneDirectoriesForBackupDirectories() throws {
        let workspace = try CommandWorkspace()
        try Data().write(to: workspace.directory.file("b.ddbackup"))
        try FileManager.default.createDirectory(
            at: workspace.directory.file("backups"), withIntermediateDirectories: false)
        let bash = try CompletionProbe(script: try script("bash", in: workspace), tool: "backupctl")
        let everything: Set = ["b.ddbackup", "backups"]
        for words in [["import", ""], ["validate", ""], ["inspect", ""], ["upgrade", ""], ["export", "-o", ""]] {
            #expect(try Set(bash.bash(["backupctl"] + words, in: workspace.url)) == everything, "\(words)")
        }
        for command in ["export", "import", "migrate", "status", "backup"] {
            #expect(try Set(bash.bash(["backupctl", command, "--store", ""], in: workspace.url)) == everything)
        }
        for command in ["backup", "prune", "list"] {
            #expect(try bash.bash(["backupctl", command, "--dir", ""], in: workspace.url) == ["backups"])
        }
        let fish = try CompletionProbe(script: try script("fish", in: workspace), tool: "backupctl")
        #expect(try Set(fish.fish("backupctl validate ", in: workspace.url)) == ["b.ddbackup", "backups/"])
        #expect(try fish.fish("backupctl list --dir ", in: workspace.url) == ["backups/"])
    }

    @Test func anUnknownShellIsAUsageError() throws {
        let workspace = try CommandWorkspace()
        let output = try workspace.backupctl("completions", "powershell")
        #expect(output.status == 64)
        #expect(output.stdoutText.isEmpty)
        #expect(
            output.stderrText.hasPrefix(
                "error: invalid value 'powershell' for <bash|zsh|fish>: expected one of bash, zsh, fish\n"))
        #expect(try workspace.names().isEmpty)
    }

    @Test func quietPrintsNothing() throws {
        let workspace = try CommandWorkspace()
        let output = try workspace.backupctl("completions", "bash", "-q")
        #expect(output.status == 0)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.isEmpty)
    }
}
