import ArgumentParsing

/// `--json` and `--quiet`, which every command takes.
struct CommonOptions: ParsableArguments {
    @Flag(help: "Print one JSON document on standard output, on success and on failure.")
    var json = false

    @Flag(name: [.short("q"), .long], help: "Print nothing but errors.")
    var quiet = false

    /// The help of a command's `--store` option, which says where the store is by default
    /// (`StoreLocator`'s order).
    /// - Parameter purpose: what the command does with the store, as in "The store to read".
    static func storeHelp(_ purpose: String) -> ArgumentHelp {
        ArgumentHelp(
            "The store to \(purpose) (default: $DOMAINDIG_STORE, else $XDG_DATA_HOME/domaindig/store.sqlite, "
                + "else ~/.local/share/domaindig/store.sqlite).", valueName: "path")
    }

    /// The help of the `--dir` option of the commands that work on a backup directory.
    static let directoryHelp = ArgumentHelp("The backup directory, or s3://bucket/prefix.", valueName: "dir")
}

/// A backupctl subcommand: it has the common options, so failures can be reported in the
/// format the user asked for, and it hands its report to `CommandRunner`, which writes the
/// one JSON document (`JSONEnvelope`).
protocol BackupctlCommand: ParsableCommand {
    var common: CommonOptions { get }
    /// Whether stdout carries data (an archive), so reports must go to stderr.
    var writesPayloadToStandardOutput: Bool { get }

    /// Does the command's work and prints its human report on `console`.
    /// - Returns: the details of its JSON document (the envelope is added by the runner).
    /// - Throws: a `CommandFailure` (with the details it has) or a library error.
    func execute(_ console: Console) throws -> ReportFields
}

extension BackupctlCommand {
    var writesPayloadToStandardOutput: Bool { false }

    /// The console the command prints on.
    var console: Console {
        Console(options: common, standardOutputIsPayload: writesPayloadToStandardOutput)
    }

    /// Runs the command without its JSON document (`CommandRunner` calls `execute`).
    func run() throws {
        _ = try execute(console)
    }
}
