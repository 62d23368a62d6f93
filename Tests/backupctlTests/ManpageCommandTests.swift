import ArgumentParsing
import Foundation
import TestSupport
import Testing

@testable import backupctl

/// `backupctl manpage`, rendered by `man` as a user would read it.
@Suite struct ManpageCommandTests {
    let tool = CommandInfo(root: Backupctl.self)

    /// The page's roff source, from the built command.
    private func source() throws -> String {
        let workspace = try CommandWorkspace()
        let output = try workspace.backupctl("manpage")
        try #require(output.status == 0, "manpage failed: \(output.stderrText)")
        #expect(output.stderrText.isEmpty)
        #expect(try workspace.names().isEmpty)
        return output.stdoutText
    }

    /// The rendered page with every run of blanks as one space, as filling leaves it.
    private func renderedWords() throws -> String {
        let rendered = try ShellTools.renderManualPage(try source())
        try #require(rendered.status == 0)
        return ManualPageCoverage.words(rendered.stdoutText)
    }

    @Test(arguments: ["C", "C.UTF-8"])
    func rendersWithoutWarnings(locale: String) throws {
        let rendered = try ShellTools.renderManualPage(try source(), locale: locale)
        #expect(rendered.status == 0)
        #expect(rendered.stderrText.isEmpty, "man warned: \(rendered.stderrText)")
        // groff's own strictest check agrees.
        let strict = try ProcessRunner.run("groff", ["-man", "-ww", "-z"], stdin: Data(try source().utf8))
        #expect(strict.status == 0)
        #expect(strict.stderrText.isEmpty, "groff -ww: \(strict.stderrText)")
    }

    @Test func hasTheSectionsOfAManualPageInOrder() throws {
        let rendered = try ShellTools.renderManualPage(try source()).stdoutText
        let headings = rendered.split(separator: "\n").filter { $0.first?.isUppercase == true && $0 == $0.uppercased() }
        #expect(
            headings.map(String.init) == [
                "NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS", "EXIT STATUS", "ENVIRONMENT", "FILES",
                "EXAMPLES",
            ])
        #expect(rendered.contains("backupctl - back up and restore the DomainDig data store\n"))
    }

    @Test func listsEveryCommandWithItsOptionsAndExamples() throws {
        let rendered = try ShellTools.renderManualPage(try source()).stdoutText
        #expect(ManualPageCoverage.omissions(in: rendered, tool: tool) == [])
    }

    @Test func explainsEveryExitStatusAndTheEnvironment() throws {
        let text = try renderedWords()
        for status in ExitStatus.allCases {
            #expect(text.contains("\(status.rawValue) (\(status.name)) \(status.meaning)"), "no exit status \(status)")
        }
        for variable in [
            "DOMAINDIG_STORE", "XDG_DATA_HOME", "HOME", "TMPDIR", "BACKUPCTL_IDENTITY_FILE",
            "BACKUPCTL_PASSPHRASE_FILE",
        ] {
            #expect(text.contains("ENVIRONMENT") && text.contains(" \(variable) "), "no \(variable)")
        }
        for file in ["STORE.lock", "DIR/.backupctl.lock", "DIR/domaindig-YYYYMMDDTHHMMSSZ.ddbackup.unverified"] {
            #expect(text.contains(file))
        }
    }

    @Test func optionNamesCanBeCopiedFromThePage() throws {
        // In UTF-8 groff would print a plain "-" as a hyphen (U+2010); the page writes minus signs.
        let rendered = try ShellTools.renderManualPage(try source(), locale: "C.UTF-8").stdoutText
        #expect(rendered.contains("--no-safety-snapshot"))
        #expect(!rendered.contains("\u{2010}"))
    }
}
