import ArgumentParsing
import DomainModel

/// The root command: `backupctl <subcommand>`.
struct Backupctl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backupctl",
        abstract: "Back up and restore the DomainDig data store.",
        discussion: """
            Exports the store into a versioned, compressed, self-describing archive and imports \
            it back through validation, migrations and deduplication. Exit statuses: 0 success, \
            1 unexpected failure, 64 usage, 65 invalid data, 66 input not found, 73 cannot \
            create output, 74 I/O error, 75 busy, 76 from a newer version.
            """,
        version: "\(ToolIdentity.name) \(ToolIdentity.version)",
        subcommands: [
            ExportCommand.self, ImportCommand.self, ValidateCommand.self, InspectCommand.self, UpgradeCommand.self,
            MigrateCommand.self, StatusCommand.self, BackupCommand.self, PruneCommand.self, ListCommand.self,
            SchemaCommand.self, SampleCommand.self,
        ])
}
