import ArgumentParsing
import BackupFormat
import DataPortability
import Foundation

/// `backupctl upgrade`: rewrites an older backup as a current one.
struct UpgradeCommand: BackupctlCommand {
    static let configuration = CommandConfiguration(
        commandName: "upgrade",
        abstract: "Rewrite a backup of any version as a current (version 4) one.",
        discussion: """
            Validates the backup, upgrades it step by step (v1 → v2 → v3 → v4) and writes a \
            version 4 archive atomically (a version 3 or 4 archive is copied into a new one, entry \
            by entry). Fields are renamed and reshaped, never dropped, and a section the old \
            version never had stays absent, so importing the new file does what importing the old \
            one does; duplicates and canonical forms are resolved when the backup is imported. A \
            backup with validation errors is refused (exit 65) and nothing is written.
            """)

    @Argument(help: ArgumentHelp("The backup to upgrade, or - for standard input.", valueName: "file"))
    var file: String

    @Option(name: [.short("o"), .long], help: ArgumentHelp("Where to write the upgraded backup.", valueName: "file"))
    var output: String

    @Option(help: "How to compress the new archive.")
    var compression: ArchiveCompression.Algorithm = .zstd

    @OptionGroup var common: CommonOptions

    func run() throws {
        let console = Console(options: common)
        let destination = URL(
            fileURLWithPath: output, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        )
        .standardizedFileURL
        let summary: BackupUpgrade.Summary
        do {
            summary = try BackupUpgrade(compression: try ArchiveCompression(compression)).run(
                input: file, output: destination)
        } catch let refusal as BackupUpgrade.Refusal {
            throw CommandFailure(
                .invalidData, refusal.description, hint: "Run `backupctl validate \(file)` to see every finding.")
        }
        console.print(
            "Upgraded \(summary.input) from version \(summary.fromVersion) to \(summary.manifest.schemaVersion): \(summary.output)"
        )
        console.print(ManifestSectionText.table(summary.manifest.sections))
        console.emitJSON { writer in
            writer.beginObject()
            writer.key("ok")
            writer.bool(true)
            writer.key("input")
            writer.string(summary.input)
            writer.key("output")
            writer.string(summary.output)
            writer.key("fromVersion")
            writer.int(summary.fromVersion)
            writer.key("toVersion")
            writer.int(summary.manifest.schemaVersion)
            writer.key("sections")
            ManifestSectionText.write(summary.manifest.sections, includingChecksums: false, to: &writer)
            writer.endObject()
        }
    }
}
