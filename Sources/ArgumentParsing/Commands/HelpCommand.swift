/// The `help` subcommand every command with subcommands offers at the root:
/// `backupctl help export` shows the help of `export`.
///
/// The scanner answers `help …` itself, before any command runs (so this one has no `run()`);
/// this type declares the command so that its own help (`help help`), completion scripts and
/// the manual page come from a declaration like every other command's.
struct HelpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "help",
        abstract: "Show subcommand help information.")

    @Argument(help: ArgumentHelp("The subcommand to show help for.", valueName: "subcommand"))
    var subcommands: [String]
}
