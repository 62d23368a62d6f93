import ArgumentParsing
import Foundation
import TestSupport
import Testing

/// The completion scripts of the test tree, loaded into the real shells (`make deps`
/// installs bash, zsh and fish): they must parse, and offer exactly what is declared.
@Suite struct CompletionScriptTests {
    let tool = CommandInfo(root: TestRoot.self)

    @Test(arguments: CompletionShell.allCases)
    func scriptParsesInItsShell(shell: CompletionShell) throws {
        let script = shell.script(for: tool)
        let check = try ShellTools.checkSyntax(script, shell: shell.rawValue)
        #expect(check.status == 0, "\(shell) -n: \(check.stderrText)")
        #expect(check.stderrText.isEmpty)
        #expect(script.hasSuffix("\n"))
    }

    @Test func bashOffersWhatIsDeclared() throws {
        let probe = try CompletionProbe(script: CompletionShell.bash.script(for: tool), tool: "backupctl")
        #expect(try CompletionCoverage.bashMismatches(probe, tool: tool) == [])
    }

    @Test func fishOffersWhatIsDeclared() throws {
        let probe = try CompletionProbe(script: CompletionShell.fish.script(for: tool), tool: "backupctl")
        #expect(try CompletionCoverage.fishMismatches(probe, tool: tool) == [])
    }

    @Test func zshDefinesACompletionForEveryCommandAndOption() throws {
        let script = CompletionShell.zsh.script(for: tool)
        let probe = try CompletionProbe(script: script, tool: "backupctl")
        #expect(try CompletionCoverage.zshMismatches(script: script, probe, tool: tool) == [])
    }

    @Test func bashCompletesFilesAndDirectoriesWhereDeclared() throws {
        let folder = try TemporaryDirectory(prefix: "completion-files")
        try Data().write(to: folder.file("backup.ddbackup"))
        try FileManager.default.createDirectory(at: folder.file("archive"), withIntermediateDirectories: false)
        let probe = try CompletionProbe(script: CompletionShell.bash.script(for: tool), tool: "backupctl")
        #expect(try Set(probe.bash(["backupctl", "import", ""], in: folder.url)) == ["backup.ddbackup", "archive"])
        #expect(try probe.bash(["backupctl", "backup", "--dir", ""], in: folder.url) == ["archive"])
        // An option's value is not an argument: the file still comes first after --store PATH.
        #expect(
            try probe.bash(["backupctl", "import", "--store", "s.sqlite", "b"], in: folder.url) == ["backup.ddbackup"])
        // import takes one file; nothing is offered for a second.
        #expect(try probe.bash(["backupctl", "import", "backup.ddbackup", "b"], in: folder.url) == [])
        // A value without a declared completion (an integer) offers nothing.
        #expect(try probe.bash(["backupctl", "export", "--level", ""], in: folder.url) == [])
    }

    @Test func fishCompletesFilesAndDirectoriesWhereDeclared() throws {
        let folder = try TemporaryDirectory(prefix: "completion-files")
        try Data().write(to: folder.file("backup.ddbackup"))
        try FileManager.default.createDirectory(at: folder.file("archive"), withIntermediateDirectories: false)
        let probe = try CompletionProbe(script: CompletionShell.fish.script(for: tool), tool: "backupctl")
        #expect(try Set(probe.fish("backupctl import ", in: folder.url)) == ["backup.ddbackup", "archive/"])
        #expect(try probe.fish("backupctl backup --dir ", in: folder.url) == ["archive/"])
        // Files are offered only where declared: export takes no file argument.
        #expect(try probe.fish("backupctl export ", in: folder.url) == [])
    }

    @Test func descriptionsKeepQuotesBracketsAndColons() throws {
        let probe = try CompletionProbe(script: CompletionShell.fish.script(for: tool), tool: "backupctl")
        let commands = try probe.fishDescriptions("backupctl ")
        #expect(commands["schema"] == "Print the backup format's JSON Schema.")
        let options = try probe.fishDescriptions("backupctl schema --")
        #expect(options["--version"] == "The backup format version to describe [1-3]: the newest by default.")
        let zsh = CompletionShell.zsh.script(for: tool)
        #expect(zsh.contains(#"'--version[The backup format version to describe \[1-3\]\: the newest by default.]"#))
        #expect(zsh.contains(#"'schema:Print the backup format'\''s JSON Schema.'"#))
    }
}
