import ArgumentParsing
import DataPortability

extension ImportMode: ExpressibleByArgument {}

/// The options of `import` and `restore`, which bring a backup into the store the same way.
struct ImportOptions: ParsableArguments {
    @Option(help: CommonOptions.storeHelp("import into"), completion: .file)
    var store: String?

    @Option(
        help:
            "merge: union with the store by the dedup rules; replace: each section in the backup replaces the store's.")
    var mode: ImportMode = .merge

    @Flag(help: "Report what would change, per section, and write nothing (not even the migration stamp).")
    var dryRun = false

    @Flag(name: .customLong("no-safety-snapshot"), help: "Do not copy the store next to itself before writing.")
    var noSafetySnapshot = false

    @Flag(
        name: [.short("y"), .long],
        help: "Do not ask before a replace without a safety snapshot (asked only on a terminal).")
    var yes = false

    @Flag(name: [.short("v"), .long], help: "Also list every warning and note by section, and each section's time.")
    var verbose = false

    @OptionGroup var decryption: DecryptionOptions

    /// Whether the import can be undone: not a replace without a safety snapshot. Only such
    /// an import asks first (`Confirmation`).
    var canBeUndone: Bool { dryRun || mode == .merge || !noSafetySnapshot }
}
