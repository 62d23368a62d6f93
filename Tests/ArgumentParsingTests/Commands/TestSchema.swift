import ArgumentParsing

/// `backupctl schema [--version N]`: declares its own `--version`, which must win over the
/// root's built-in version flag, and an optional positional argument with a default.
struct TestSchema: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the backup format's JSON Schema.")

    @Option(
        help: ArgumentHelp("The backup format version to describe [1-3]: the newest by default.", valueName: "n"),
        completion: .list(["1", "2", "3"]))
    var version: Int?

    @Argument(help: ArgumentHelp("The section to print.", valueName: "section"))
    var section = "all"
}
