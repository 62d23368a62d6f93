import ArgumentParsing
import DomainModel

/// The root command: `backupctl <subcommand>`.
struct Backupctl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backupctl",
        abstract: "Back up and restore the DomainDig data store.",
        discussion: """
            Exports the store into a versioned, compressed, self-describing archive and imports \
            it back through validation, migrations and deduplication. Exit statuses: \
            \(ExitStatus.summaries). `backupctl manpage | man -l -` shows the manual.
            """,
        version: "\(ToolIdentity.name) \(ToolIdentity.version)",
        subcommands: [
            ExportCommand.self, ImportCommand.self, ValidateCommand.self, InspectCommand.self, UpgradeCommand.self,
            MigrateCommand.self, StatusCommand.self, BackupCommand.self, PruneCommand.self, ListCommand.self,
            RestoreCommand.self, SchemaCommand.self, SampleCommand.self, CompletionsCommand.self, ManpageCommand.self,
        ],
        examples: [
            CommandExample("Back up the default store", "backupctl export -o b.ddbackup"),
            CommandExample("Bring a backup back into the default store", "backupctl import b.ddbackup"),
            CommandExample("Show the help of a command", "backupctl help import"),
        ])
}
