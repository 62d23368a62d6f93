import ArgumentParsing
import DomainModel
import DurableIO
import Foundation

/// `backupctl manpage`: prints the manual page, generated from the commands' declarations.
struct ManpageCommand: BackupctlCommand {
    static let configuration = CommandConfiguration(
        commandName: "manpage",
        abstract: "Print the manual page (roff source for man).",
        discussion: """
            Generated from the same declarations as the help: every command with its arguments \
            and options, the exit statuses, the environment variables and files backupctl uses, \
            and every command's examples. Nothing is installed: read it with man, or save it in \
            a folder of your MANPATH.
            """,
        examples: [
            CommandExample("Read the manual page", "backupctl manpage | man -l -"),
            CommandExample(
                "Install the manual page for your user (man finds it when ~/.local/bin is on PATH)",
                """
                mkdir -p ~/.local/share/man/man1
                backupctl manpage > ~/.local/share/man/man1/backupctl.1
                """),
        ])

    @OptionGroup var common: CommonOptions

    func execute(_ console: Console) throws -> ReportFields {
        let page = ManualPage(
            tool: CommandInfo(root: Backupctl.self), footer: "\(ToolIdentity.name) \(ToolIdentity.version)",
            sections: BackupctlManual.sections)
        // Without --json the page is the document, silenced by --quiet; with --json it is a
        // field of the envelope.
        if !common.json && !common.quiet { DescriptorIO.standardOutput.writeMessage(page.text) }
        return ["page": .string(page.text)]
    }
}
