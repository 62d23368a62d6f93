/// A command tree as plain values — names, help texts, examples, every option, flag and
/// argument with its completion, and the subcommands — resolved from the same declarations
/// the parser and the help read.
///
/// The completion scripts and the manual page are generated from it, so they can never
/// offer an option the parser does not accept; tests walk it to check them:
///
/// ```swift
/// let tool = CommandInfo(root: Backupctl.self)
/// for command in tool.allCommands { print(command.path.joined(separator: " ")) }
/// ```
///
/// Built-in names are included as the parser answers to them: `-h, --help` on every
/// command, `--version` where a version is configured, and the `help` subcommand at the
/// root of a tree.
public struct CommandInfo: Sendable {
    /// The command's name, e.g. `export`.
    public var name: String
    /// The command names from the root, e.g. `["backupctl", "export"]`.
    public var path: [String]
    /// The one-line summary.
    public var abstract: String
    /// The longer help text.
    public var discussion: String
    /// The configured examples.
    public var examples: [CommandExample]
    /// The usage line in pieces that are never split: the command's path, then each
    /// argument as usage shows it (`[--store <path>]`).
    public var synopsis: [String]
    /// Options, flags and positional arguments in declaration order, then the built-in flags.
    public var arguments: [ArgumentInfo]
    /// The subcommands in the order help lists them, `help` last at the root.
    public var subcommands: [CommandInfo]

    /// Resolves the tree below `root`.
    /// - Parameter root: The top command; its configuration lists the subcommands.
    public init(root: any ParsableCommand.Type) {
        self.init(ResolvedCommand(type: root, parentPath: []))
    }

    init(_ command: ResolvedCommand) {
        let configuration = command.configuration
        name = command.path.last ?? ""
        path = command.path
        abstract = configuration.abstract
        discussion = configuration.discussion
        examples = configuration.examples
        synopsis = command.synopsis.units
        arguments = command.signature.arguments.map(ArgumentInfo.init) + command.builtInFlags
        subcommands = configuration.subcommands.map {
            CommandInfo(ResolvedCommand(type: $0, parentPath: command.path))
        }
        if command.offersHelpSubcommand {
            var help = CommandInfo(ResolvedCommand(type: HelpCommand.self, parentPath: command.path))
            // `help`'s argument names one of the commands beside it.
            let names = command.subcommandNames
            for index in help.arguments.indices where help.arguments[index].kind == .positional {
                help.arguments[index].completion = .list(names)
            }
            subcommands.append(help)
        }
    }

    /// This command and every command below it, depth first, parents before children.
    public var allCommands: [CommandInfo] {
        [self] + subcommands.flatMap(\.allCommands)
    }

    /// The options and flags (everything with a name).
    public var namedArguments: [ArgumentInfo] { arguments.filter { $0.kind != .positional } }

    /// The positional arguments, in order.
    public var positionalArguments: [ArgumentInfo] { arguments.filter { $0.kind == .positional } }
}
