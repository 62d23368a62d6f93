/// A command reached on the command line: its type, its path from the root, and a fresh
/// instance whose declarations the parser fills.
struct ResolvedCommand {
    let type: any ParsableCommand.Type
    /// The command names from the root, e.g. `["backupctl", "export"]`.
    let path: [String]
    let instance: any ParsableCommand
    let signature: CommandSignature

    /// Instantiates `type` and reflects over its declarations.
    /// - Parameter parentPath: The path of the command it was reached through; empty for the root.
    init(type: any ParsableCommand.Type, parentPath: [String]) {
        self.type = type
        path = parentPath + [type.commandName]
        instance = type.init()
        signature = CommandSignature(reflecting: instance)
        checkDeclarations()
    }

    var configuration: CommandConfiguration { type.configuration }

    var hasSubcommands: Bool { !configuration.subcommands.isEmpty }

    var subcommandNames: [String] { configuration.subcommands.map { $0.commandName } }

    /// Whether `--version` is the built-in flag here: a version is configured and no
    /// declaration claims the name (as `schema --version N` may).
    var offersVersionFlag: Bool {
        configuration.version != nil && signature.argument(named: .long("version")) == nil
    }

    /// Whether the root offers `help <subcommand>` (unless a subcommand is named `help`).
    var offersHelpSubcommand: Bool {
        path.count == 1 && hasSubcommands && subcommand(named: HelpCommand.commandName) == nil
    }

    /// The flags the parser answers to without a declaration: `--version` where offered,
    /// then `-h, --help`.
    var builtInFlags: [ArgumentInfo] {
        (offersVersionFlag ? [.version] : []) + [.help]
    }

    func subcommand(named name: String) -> (any ParsableCommand.Type)? {
        configuration.subcommands.first { $0.commandName == name }
    }

    var synopsis: UsageSynopsis { UsageSynopsis(command: self) }

    var helpText: String { HelpGenerator(command: self).text }

    /// The outcome rejecting the command line with `error`, with this command's usage.
    func usageError(_ error: ArgumentParsingError) -> ParseOutcome {
        .usageError(UsageError(error: error, commandPath: path, synopsis: synopsis))
    }

    private func checkDeclarations() {
        for builtIn in [ArgumentName.short("h"), .long("help")] {
            precondition(
                signature.argument(named: builtIn) == nil, "\(type) declares '\(builtIn)', which is reserved for help")
        }
        precondition(
            !hasSubcommands || signature.positionalArguments.isEmpty,
            "\(type) has subcommands, so it cannot declare positional arguments")
        precondition(
            Set(subcommandNames).count == subcommandNames.count, "\(type) lists two subcommands with the same name")
    }
}
