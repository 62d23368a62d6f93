import ArgumentParsing

/// `backupctl backup --dir DIR`: a required option, optional and repeatable integers,
/// a repeatable option with a non-empty default, and a validate() that normalises a value.
struct TestBackup: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Export the store into a backup directory and apply the retention policy.")

    @Option(help: ArgumentHelp("The directory holding the backups.", valueName: "dir"), completion: .directory)
    var dir: String

    @Option(help: ArgumentHelp("Keep the newest N backups.", valueName: "n"))
    var keepLast: Int? = nil

    @Option(
        help: ArgumentHelp(
            "Also keep the last backup of this day of the month; repeat for several days.", valueName: "day"))
    var keepDay: [Int]

    @Option(help: ArgumentHelp("A label recorded in the backup's manifest; repeat for several.", valueName: "label"))
    var label = ["scheduled"]

    @OptionGroup var common: CommonOptions

    /// Normalises a value, so tests can see that validate()'s writes reach the returned command.
    mutating func validate() throws {
        while dir.count > 1 && dir.hasSuffix("/") { dir.removeLast() }
    }
}
