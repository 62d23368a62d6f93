import ArgumentParsing
import TestSupport
import Testing

/// The manual page of the test tree, rendered by `man` as a user would read it.
@Suite struct ManualPageTests {
    let tool = CommandInfo(root: TestRoot.self)

    var page: ManualPage {
        ManualPage(
            tool: tool, footer: "backupctl 1.4.0",
            sections: [
                ManualPage.Section(
                    title: "EXIT STATUS", introduction: "Stable.",
                    entries: [(term: "0", text: "Success."), (term: "64", text: "Usage \\ error — see --help.")])
            ])
    }

    @Test(arguments: ["C", "C.UTF-8"])
    func rendersWithoutWarnings(locale: String) throws {
        let rendered = try ShellTools.renderManualPage(page.text, locale: locale)
        #expect(rendered.status == 0)
        #expect(rendered.stderrText == "", "man warned: \(rendered.stderrText)")
        #expect(rendered.stdoutText.contains("NAME"))
    }

    @Test func listsEveryCommandOptionArgumentAndExample() throws {
        let rendered = try ShellTools.renderManualPage(page.text).stdoutText
        #expect(ManualPageCoverage.omissions(in: rendered, tool: tool) == [])
    }

    @Test func hasTheSectionsOfAManualPageInOrder() throws {
        let text = try ShellTools.renderManualPage(page.text).stdoutText
        let headings = text.split(separator: "\n").filter { $0.first?.isUppercase == true && $0 == $0.uppercased() }
        #expect(
            headings.map(String.init) == [
                "NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS", "EXIT STATUS", "EXAMPLES",
            ])
        #expect(text.contains("backupctl - back up and restore the DomainDig data store\n"))
        #expect(text.contains("Usage \\ error -- see --help."))
    }

    @Test func showsExamplesAndOptionNamesAsTyped() throws {
        let text = try ShellTools.renderManualPage(page.text).stdoutText
        // Every command line exactly as typed, continuation lines included.
        #expect(text.contains("    backupctl export -o - \\\n"))
        #expect(text.contains("        | ssh host 'cat > b.ddbackup'\n"))
        // Minus signs, not hyphens: the option names can be copied from the page.
        #expect(try ShellTools.renderManualPage(page.text, locale: "C.UTF-8").stdoutText.contains("--compression"))
        #expect(page.text.contains(#"\-\-compression"#))
    }

    @Test func escapesWhatRoffWouldReadAsRequests() {
        let text = page.text
        // A backslash in help is \e; every line of text starting with a dot or quote is guarded.
        #expect(text.contains(#"Usage \e error \(em see \-\-help."#))
        for line in text.split(separator: "\n") where !line.hasPrefix(".") {
            #expect(!line.hasPrefix("'"))
        }
        #expect(text.hasPrefix(#".\" Manual page for backupctl"#))
        #expect(!text.contains("\n\n"), "a blank line is a paragraph break roff warns about")
    }
}
