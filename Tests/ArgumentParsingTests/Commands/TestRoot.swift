import ArgumentParsing

/// The root command, shaped like backupctl's.
struct TestRoot: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backupctl",
        abstract: "Back up and restore the DomainDig data store.",
        discussion: """
            Exports the store to a versioned, compressed archive and imports it back. Exit \
            status 64 means the command line was not understood.
            """,
        version: "backupctl 1.4.0",
        subcommands: [TestExport.self, TestImport.self, TestBackup.self, TestSchema.self, TestInspect.self])
}
