import ArgumentParsing
import DurableIO
import Foundation

/// `backupctl completions bash|zsh|fish`: prints a shell completion script.
struct CompletionsCommand: BackupctlCommand {
    static let configuration = CommandConfiguration(
        commandName: "completions",
        abstract: "Print the completion script for bash, zsh or fish.",
        discussion: """
            Generated from the same declarations as the help: every command and option, the \
            values of --compression, --mode, --size and the like, and file and directory names \
            where a command takes them. Nothing is installed: load the script into your shell \
            or save it where your shell looks for completions (see the examples, or the comment \
            at the top of the script).
            """,
        examples: [
            CommandExample("Load completions into the current bash", "source <(backupctl completions bash)"),
            CommandExample(
                "Install completions for your user's bash",
                """
                backupctl completions bash \\
                    > ~/.local/share/bash-completion/completions/backupctl
                """),
            CommandExample(
                "Install completions for zsh, in a folder of $fpath", "backupctl completions zsh > ~/.zfunc/_backupctl"),
            CommandExample(
                "Install completions for fish",
                "backupctl completions fish > ~/.config/fish/completions/backupctl.fish"),
        ])

    @Argument(help: "The shell to write the script for.")
    var shell: CompletionShell

    @OptionGroup var common: CommonOptions

    func execute(_ console: Console) throws -> ReportFields {
        let script = shell.script(for: CommandInfo(root: Backupctl.self))
        // Without --json the script is the document, silenced by --quiet; with --json it is a
        // field of the envelope.
        if !common.json && !common.quiet { DescriptorIO.standardOutput.writeMessage(script) }
        return ["shell": .string(shell.rawValue), "script": .string(script)]
    }
}
