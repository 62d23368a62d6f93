import ArgumentParsing

enum Compression: String, CaseIterable, ExpressibleByArgument {
    case zstd, gzip, none
}

/// `backupctl export`: options of every shape with defaults, and a validate() rule.
struct TestExport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the store to a backup archive.",
        discussion:
            "The archive is written to a temporary file and renamed into place, so a failed export never leaves a partial file under the final name.",
        examples: [
            CommandExample("Back up the default store", "backupctl export"),
            CommandExample(
                "Stream a backup to another machine, with a summary long enough to be wrapped onto a second line",
                """
                backupctl export -o - \\
                    | ssh host 'cat > b.ddbackup'
                """),
        ]
    )

    @Option(help: ArgumentHelp("The store to read.", valueName: "path"))
    var store: String?

    @Option(
        name: [.short("o"), .long],
        help: ArgumentHelp("Where to write the archive, or - for standard output.", valueName: "file"))
    var output: String?

    @Option(help: "How to compress the archive.")
    var compression: Compression = .zstd

    @Option(help: ArgumentHelp("The compression level.", valueName: "n"))
    var level = 3

    @OptionGroup var common: CommonOptions

    mutating func validate() throws {
        guard (1...19).contains(level) else {
            throw ValidationError("--level must be between 1 and 19, not \(level)")
        }
    }
}
