import ArgumentParsing

enum ImportMode: String, CaseIterable, ExpressibleByArgument {
    case merge, replace
}

/// `backupctl import FILE|-`: a positional argument, flags, a custom long name, and a
/// run() whose effect tests can observe.
struct TestImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a backup into the store.")

    @Argument(
        help: ArgumentHelp("The backup to import, or - to read standard input.", valueName: "file"), completion: .file)
    var file: String

    @Option(help: ArgumentHelp("The store to write.", valueName: "path"))
    var store: String?

    @Option(help: "How to combine the backup with the store.")
    var mode: ImportMode = .merge

    @Flag(help: "Check the backup and report what would change, without writing.")
    var dryRun = false

    @Flag(name: .customLong("no-safety-snapshot"), help: "Do not export the current store before writing.")
    var skipSafetySnapshot = false

    @OptionGroup var common: CommonOptions

    /// What run() did, for tests that run the parsed command.
    var plan = ""

    mutating func run() throws {
        plan = "\(mode.rawValue) \(file)\(dryRun ? " (dry run)" : "")"
    }
}
