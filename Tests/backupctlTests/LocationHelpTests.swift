import Foundation
import TestSupport
import Testing

/// Every command that takes a backup location says in its help that an `s3://` one works
/// (Docs/remote.md): its option or argument, and an example. Help, completions and the manual
/// page come from the same declarations.
@Suite struct LocationHelpTests {
    /// The command, and the option or argument whose help line names s3://.
    static let commands: [(command: String, location: String)] = [
        ("export", "-o, --output <file>"), ("import", "<file>"), ("validate", "<file>"), ("inspect", "<file>"),
        ("upgrade", "<file>"), ("backup", "--dir <dir>"), ("list", "--dir <dir>"), ("prune", "--dir <dir>"),
        ("restore", "--dir <dir>"),
    ]

    @Test(arguments: commands.map(\.command))
    func helpNamesS3LocationsInTheOptionAndAnExample(command: String) throws {
        let workspace = try CommandWorkspace()
        let help = try workspace.backupctl(command, "--help")
        #expect(help.status == 0)
        let location = try #require(Self.commands.first { $0.command == command }?.location)
        // The option's help, up to the next option (it may wrap onto indented lines).
        let options = try #require(help.stdoutText.range(of: "\n  \(location)"))
        let rest = help.stdoutText[options.upperBound...]
        let end = rest.range(of: "\n  -")?.lowerBound ?? rest.range(of: "\n\n")?.lowerBound ?? rest.endIndex
        let optionHelp = rest[..<end].split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(optionHelp.contains("s3://bucket/"), "\(command) \(location): \(optionHelp)")
        let examples = try #require(help.stdoutText.range(of: "EXAMPLES:"))
        #expect(
            help.stdoutText[examples.upperBound...].contains("backupctl \(command) ")
                && help.stdoutText[examples.upperBound...].contains(" s3://bucket/"), "\(command): an example")
    }

    @Test func theManualPageNamesS3Locations() throws {
        let manual = try CommandWorkspace().backupctl("manpage")
        #expect(manual.status == 0, "\(manual.stderrText)")
        for phrase in ["s3://bucket/key", "s3://bucket/prefix"] {
            #expect(manual.stdoutText.contains(phrase), "\(phrase)")
        }
    }
}
