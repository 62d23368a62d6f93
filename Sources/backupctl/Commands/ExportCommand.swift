import ArgumentParsing
import BackupFormat
import DataMigration
import DataPortability
import DurableIO
import Foundation

extension ArchiveCompression.Algorithm: ExpressibleByArgument {}

/// `backupctl export`: writes the store to a backup archive.
struct ExportCommand: BackupctlCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the store to a backup archive.",
        discussion: """
            Reads every section through the deduplicating loaders (records in canonical form, one \
            per natural key, with the fields this build does not know) after bringing the store to \
            the current schema version. What it cannot read — malformed records, listed as \
            warnings — and store keys it does not know are carried as they are, beside the \
            sections, and restored on import. The archive is a pax tar, zstd-compressed by \
            default, with manifest.json first; it is written to a temporary file, synced and renamed, \
            so a failed export never leaves a partial file under the final name. With -o - the \
            archive goes to standard output and the summary to standard error.
            """)

    @Option(help: CommonOptions.storeHelp("read"))
    var store: String?

    @Option(
        name: [.short("o"), .long],
        help: ArgumentHelp(
            "Where to write the archive, or - for standard output (default: domaindig-<UTC time>.ddbackup here).",
            valueName: "file"))
    var output: String?

    @Option(help: "How to compress the archive.")
    var compression: ArchiveCompression.Algorithm = .zstd

    @Option(help: ArgumentHelp("The compression level: zstd 1-19 (default 3), gzip 1-9 (default 6).", valueName: "n"))
    var level: Int?

    @OptionGroup var common: CommonOptions

    var writesPayloadToStandardOutput: Bool { output == "-" }

    mutating func validate() throws {
        if let level {
            guard let range = compression.levelRange else {
                throw ValidationError("--level does not apply to --compression none")
            }
            guard range.contains(level) else {
                throw ValidationError(
                    "--level must be between \(range.lowerBound) and \(range.upperBound) for \(compression.rawValue), not \(level)"
                )
            }
        }
    }

    func run() throws {
        let toStandardOutput = writesPayloadToStandardOutput
        // With the archive on stdout, everything else goes to stderr.
        let console = Console(options: common, standardOutputIsPayload: toStandardOutput)
        let progress = ProgressLine(options: common)
        let locked = try LockedStore.open(explicitPath: store, mode: .mustExist)
        defer { locked.release() }
        let migration = try DataMigrationService().migrateIfNeeded(store: locked.store)
        let clock = StoreClock()
        let destination: BackupArchiveWriter.Destination
        if toStandardOutput {
            destination = .descriptor(STDOUT_FILENO, name: "standard output")
        } else {
            let path = output ?? BackupExporter.defaultFileName(at: clock.now())
            destination = .file(
                URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
                    .standardizedFileURL)
        }
        let exporter = BackupExporter(
            compression: try ArchiveCompression(compression, level: level), clock: clock,
            progress: { section in progress.show("exporting \(section.rawValue)…") })
        let summary: BackupExporter.Summary
        do {
            summary = try exporter.export(from: locked.store, to: destination, storeSchemaVersion: migration.toVersion)
        } catch let error as FileIOError {
            // Store reads fail with StoreError, so a bare file error here is about the output.
            throw ErrorClassifier.classifyOutput(error)
        }
        progress.clear()
        ExportReport(summary: summary, storePath: locked.location.url.path, migration: migration).print(to: console)
    }
}
