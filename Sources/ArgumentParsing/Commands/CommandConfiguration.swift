/// The parts of a command that are not values: its name, help text, examples, version and
/// subcommands.
///
/// ```swift
/// static let configuration = CommandConfiguration(
///     commandName: "backupctl",
///     abstract: "Back up and restore the DomainDig data store.",
///     version: "1.0.0",
///     subcommands: [Export.self, Import.self])
/// ```
public struct CommandConfiguration: Sendable {
    /// The name typed on the command line; `nil` derives it from the type name
    /// (`ExportCommand` becomes `export-command`).
    public var commandName: String?
    /// A one-line summary, shown after `OVERVIEW:` and in the parent's subcommand list.
    public var abstract: String
    /// Longer help, shown below the abstract; paragraphs are separated by newlines.
    public var discussion: String
    /// The text printed for `--version`; when `nil` the command has no `--version` flag.
    public var version: String?
    /// The commands reached through this one, in the order its help lists them.
    public var subcommands: [any ParsableCommand.Type]
    /// Typical uses, shown under EXAMPLES in the help and the manual page.
    public var examples: [CommandExample]

    /// Creates a configuration; every part left out is empty, or `nil`, as the properties say.
    public init(
        commandName: String? = nil,
        abstract: String = "",
        discussion: String = "",
        version: String? = nil,
        subcommands: [any ParsableCommand.Type] = [],
        examples: [CommandExample] = []
    ) {
        self.commandName = commandName
        self.abstract = abstract
        self.discussion = discussion
        self.version = version
        self.subcommands = subcommands
        self.examples = examples
    }
}
