/// A command of the tool: its declarations, its configuration (name, help text,
/// subcommands) and the work it does.
///
/// Declare one type per command; the root lists the others as subcommands:
///
/// ```swift
/// struct Export: ParsableCommand {
///     static let configuration = CommandConfiguration(
///         commandName: "export", abstract: "Write the store to a backup archive.")
///
///     @Option(help: ArgumentHelp("The store to read.", valueName: "path"))
///     var store: String?
///     @Option(name: [.short("o"), .long], help: ArgumentHelp("Where to write.", valueName: "file"))
///     var output: String?
///     @OptionGroup var common: CommonOptions
///
///     mutating func run() throws { ... }
/// }
/// ```
///
/// `SendableMetatype` lets `static let configuration` list command types in a Swift 6
/// global; it places no requirement on a command's stored properties.
public protocol ParsableCommand: ParsableArguments, SendableMetatype {
    /// The command's name, help text, version and subcommands.
    static var configuration: CommandConfiguration { get }

    /// Does the command's work with the parsed values.
    ///
    /// The parser never calls this: the caller runs the command returned in
    /// ``ParseOutcome/command(_:)``. A command with subcommands is never returned, so it
    /// need not implement `run()`.
    /// - Throws: Whatever the command's work throws; the caller maps it to an exit code.
    mutating func run() throws
}

extension ParsableCommand {
    /// A configuration whose command name is derived from the type name
    /// (`ExportCommand` becomes `export-command`), without help text or subcommands.
    public static var configuration: CommandConfiguration { CommandConfiguration() }

    /// Stops with a precondition failure: only a command the parser never returns to be run
    /// (one with subcommands, or `help`) may omit `run()`.
    public mutating func run() throws {
        preconditionFailure("\(Self.self) must implement run(); only a command the parser never returns may omit it")
    }
}
