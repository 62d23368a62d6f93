/// Parses a command line against a root command and its subcommands.
///
/// The parser never prints and never exits; it returns what the command line asks for,
/// and the caller prints and picks the exit status:
///
/// ```swift
/// switch CommandLineParser(root: Backupctl.self).parse(Array(CommandLine.arguments.dropFirst())) {
/// case .command(var command): try command.run()
/// case .help(let text), .version(let text): print(text)
/// case .usageError(let error): printToStandardError(error.description); exit(64)
/// }
/// ```
///
/// Accepted forms: `--opt value`, `--opt=value`, `-o value`, flags, repeated options for
/// arrays, `--` to end options, and `-` as a value. `-h`, `--help` and `help <subcommand>`
/// give the same help text; `--version` works where a version is configured.
public struct CommandLineParser {
    /// The command at the top of the tree; its configuration lists the subcommands.
    public let root: any ParsableCommand.Type

    public init(root: any ParsableCommand.Type) {
        self.root = root
    }

    /// Parses `arguments` (without the program name) into a command ready to run, a help
    /// or version request, or a usage error.
    ///
    /// A command with subcommands named without one yields its help. Values are filled
    /// and `validate()` has run (on option groups first) before a command is returned.
    public func parse(_ arguments: [String]) -> ParseOutcome {
        var scanner = CommandLineScanner(root: root, tokens: arguments)
        return scanner.outcome()
    }
}
