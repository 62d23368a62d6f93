import ArgumentParsing
import Foundation
import TestSupport
import Testing

@testable import backupctl

/// The root command as a user meets it: help, version, and how a command line that cannot be
/// understood is reported (design §7).
@Suite struct BackupctlTests {
    static let subcommands = [
        "export", "import", "validate", "inspect", "upgrade", "migrate", "status", "backup", "prune", "list", "restore",
        "schema", "sample", "completions", "manpage",
    ]

    @Test func helpListsEveryCommand() throws {
        let workspace = try CommandWorkspace()
        let help = try workspace.backupctl("--help")
        help.expectQuietSuccess()
        #expect(help.stdoutText.hasPrefix("OVERVIEW: Back up and restore the DomainDig data store.\n"))
        #expect(help.stdoutText.contains("USAGE: backupctl <subcommand>"))
        for (command, abstract) in [
            ("export", "Write the store to a backup archive."),
            ("inspect", "Show what a backup holds and verify its checksums."),
            ("sample", "Write a deterministic sample DomainDig store."),
        ] {
            let line = "  " + command.padding(toLength: 24, withPad: " ", startingAt: 0) + abstract
            #expect(help.stdoutText.contains(line + "\n"), "no line for \(command)")
        }
        let oneLine = help.stdoutText.replacingOccurrences(of: "\n", with: " ")
        #expect(oneLine.contains("2 declined, 64 usage, 65 invalid data, 66 input not found"))
        #expect(try workspace.names().isEmpty)
    }

    @Test(arguments: ["-h", "help"])
    func rootHelpIsTheSameWhicheverWayItIsAsked(spelling: String) throws {
        let workspace = try CommandWorkspace()
        let expected = try workspace.backupctl("--help")
        let help = try workspace.backupctl(spelling)
        #expect(help.status == 0)
        #expect(help.stdoutText == expected.stdoutText)
    }

    @Test(arguments: subcommands)
    func helpIsIdenticalForDashHDashDashHelpAndHelpCommand(command: String) throws {
        let workspace = try CommandWorkspace()
        let long = try workspace.backupctl(command, "--help")
        let short = try workspace.backupctl(command, "-h")
        let named = try workspace.backupctl("help", command)
        for output in [long, short, named] {
            output.expectQuietSuccess()
        }
        #expect(long.stdoutText.hasPrefix("OVERVIEW: "))
        #expect(long.stdoutText.contains("USAGE: backupctl \(command)"))
        #expect(long.stdoutText.contains("  --json "))
        #expect(long.stdoutText.contains("  -q, --quiet "))
        #expect(short.stdoutText == long.stdoutText)
        #expect(named.stdoutText == long.stdoutText)
        // Asking for help on a line that would not parse still gives help, not an error.
        let despiteError = try workspace.backupctl(command, "--no-such-option", "--help")
        #expect(despiteError.status == 0)
        #expect(despiteError.stdoutText == long.stdoutText)
        #expect(try workspace.names().isEmpty)
    }

    @Test func helpHelpShowsHowToAskForHelp() throws {
        let workspace = try CommandWorkspace()
        let output = try workspace.backupctl("help", "help")
        output.expectQuietSuccess()
        #expect(output.stdoutText.hasPrefix("OVERVIEW: Show subcommand help information.\n"))
        #expect(output.stdoutText.contains("USAGE: backupctl help [<subcommand> ...]\n"))
        #expect(try workspace.backupctl("help", "--help").stdoutText == (try workspace.backupctl("--help")).stdoutText)
    }

    @Test func everyHelpEndsWithItsCommandsExamplesWithinEightyColumns() throws {
        let workspace = try CommandWorkspace()
        for command in CommandInfo(root: Backupctl.self).allCommands where command.name != "help" {
            let help = try workspace.backupctl(arguments: Array(command.path.dropFirst()) + ["--help"]).stdoutText
            #expect(!command.examples.isEmpty, "\(command.path) has no examples")
            let examples = try #require(help.range(of: "\nEXAMPLES:\n"), "no EXAMPLES in \(command.path)")
            // A long summary continues on the next comment line: join them.
            var lines: [String] = []
            for line in help[examples.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("  # "), let previous = lines.last, previous.hasPrefix("  # ") {
                    lines[lines.count - 1] += " " + line.dropFirst(4)
                } else {
                    lines.append(String(line))
                }
            }
            let section = lines.joined(separator: "\n")
            for example in command.examples {
                let expected = ["  # " + example.summary] + example.commandLine.split(separator: "\n").map { "  " + $0 }
                #expect(section.contains(expected.joined(separator: "\n")), "\(example.summary)")
            }
            let widest = help.split(separator: "\n").map(\.count).max() ?? 0
            #expect(widest <= 80, "\(command.path) has a line of \(widest) characters")
        }
    }

    @Test func dashQIsQuiet() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore()
        for arguments in [["status", "--store", store], ["export", "--store", store, "-o", "b.ddbackup"]] {
            let quiet = try workspace.backupctl(arguments: arguments + ["-q"])
            #expect(quiet.status == 0)
            #expect(quiet.stdout.isEmpty && quiet.stderr.isEmpty, "\(arguments)")
            #expect(!(try workspace.backupctl(arguments: arguments)).stdout.isEmpty)
        }
        let output = try workspace.backupctl("status", "--help")
        #expect(output.stdoutText.contains("  -q, --quiet             Print nothing but errors.\n"))
    }

    @Test func versionPrintsTheNameAndASemanticVersion() throws {
        let workspace = try CommandWorkspace()
        let version = try workspace.backupctl("--version")
        version.expectQuietSuccess()
        #expect(
            version.stdoutText.wholeMatch(of: #/backupctl \d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?\n/#) != nil,
            "unexpected: \(version.stdoutText)")
    }

    @Test func versionIsTheOneWrittenIntoBackups() throws {
        let workspace = try CommandWorkspace()
        let backup = try workspace.exportBackup(from: try workspace.sampleStore())
        let manifest = try ProcessOutput.jsonObject(
            from: try workspace.run("tar", "--zstd", "-xOf", backup, "manifest.json").stdout)
        let producer = try #require(manifest["producer"] as? [String: Any])
        let printed = try workspace.backupctl("--version").stdoutText
        #expect(printed == "\(producer["name"] as? String ?? "?") \(producer["version"] as? String ?? "?")\n")
    }

    @Test func unknownOptionOfASubcommandIsAUsageError() throws {
        let workspace = try CommandWorkspace()
        let output = try workspace.backupctl("export", "--bogus", "-o", "never.ddbackup")
        output.expectRefused(status: 64, saying: "error: unknown option '--bogus'\nUsage: backupctl export ")
        #expect(output.stderrText.contains("See 'backupctl export --help' for more information."))
        #expect(try workspace.names().isEmpty)
    }

    @Test(arguments: [
        ("--bogus", "error: unknown option '--bogus'"),
        ("exprot", "error: unknown subcommand 'exprot'; did you mean 'export'?\n"),
    ])
    func anUnknownOptionOrSubcommandOfTheRootIsAUsageError(argument: String, message: String) throws {
        let workspace = try CommandWorkspace()
        try workspace.backupctl(argument).expectRefused(status: 64, saying: message)
        #expect(try workspace.names().isEmpty)
    }

    @Test func unknownSubcommandIsAUsageErrorNamingTheChoices() throws {
        let workspace = try CommandWorkspace()
        let output = try workspace.backupctl("rollback")
        output.expectRefused(status: 64, saying: "error: unknown subcommand 'rollback'")
        #expect(
            output.stderrText == """
                error: unknown subcommand 'rollback'; expected one of export, import, validate, inspect, upgrade, migrate, status, backup, prune, list, restore, schema, sample, completions, manpage
                Usage: backupctl <subcommand>
                  See 'backupctl --help' for more information.

                """)
    }

    @Test func usageErrorWithJSONPrintsOneFailureDocument() throws {
        let workspace = try CommandWorkspace()
        let output = try workspace.backupctl("inspect", "--json")
        #expect(output.status == 64)
        let document = try output.jsonObject()
        #expect(document["ok"] as? Bool == false)
        #expect(document["exitCode"] as? Int == 64)
        #expect(document["status"] as? String == "usage")
        #expect((document["error"] as? String)?.contains("missing required argument '<file>'") == true)
        #expect(output.stderrText.contains("error: missing required argument '<file>'"))
    }
}
