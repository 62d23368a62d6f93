import ArgumentParsing
import BackupFormat
import DataMigration
import DataPortability
import DataStore
import DurableIO
import Foundation
import ObjectStorage

extension ArchiveCompression.Algorithm: ExpressibleByArgument {}

/// `backupctl export`: writes the store to a backup archive.
struct ExportCommand: BackupctlCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the store to a backup archive.",
        discussion: """
            Reads every section through the deduplicating loaders (records in canonical form, one \
            per natural key, with the fields this build does not know). The store is only read — \
            never locked, migrated or written — so export works on a store you may only read; an \
            older store is exported at the current schema version, upgraded in memory, and the \
            manifest records the version it was read at. What it cannot read — malformed records, \
            listed as warnings — and store keys it does not know are carried as they are, beside the \
            sections, and restored on import. The archive is a pax tar, zstd-compressed by default, \
            with manifest.json first; it is written to a temporary file, synced and renamed, so a \
            failed export never leaves a partial file under the final name. The output may not be \
            the store or one of its files (exit 64), and an existing file that is not a backup, or is \
            encrypted (it cannot be told to be a backup without its key), is replaced only with \
            --force. -o takes an s3://bucket/key too (Docs/remote.md). With -o - the archive goes \
            to standard output and the summary to standard error; standard output must then not \
            be a terminal. With \
            --recipient, --recipients-file or --passphrase-file the file is the age encryption of \
            that same archive, which `age -d` opens (see Docs/encryption.md).
            """,
        examples: [
            CommandExample("Back up the default store to a file named after the time", "backupctl export"),
            CommandExample(
                "Back up a given store, compressed harder", "backupctl export --store s.sqlite -o b.ddbackup --level 19"
            ),
            CommandExample("Stream a backup to another machine", "backupctl export -o - | ssh host 'cat > b.ddbackup'"),
            CommandExample(
                "Back up to S3-compatible object storage (Docs/remote.md)", "backupctl export -o s3://bucket/domaindig/"
            ),
            CommandExample(
                "Back up encrypted to the public key of an age identity (made by age-keygen)",
                "backupctl export -o b.ddbackup --recipient \"$(age-keygen -y key.txt)\""),
        ])

    @Option(help: CommonOptions.storeHelp("read"), completion: .file)
    var store: String?

    @Option(
        name: [.short("o"), .long],
        help: ArgumentHelp(
            "Where to write the archive: a file, s3://bucket/key (a prefix ending in / gets the default name), "
                + "or - for standard output (default: domaindig-<UTC time>.ddbackup here).",
            valueName: "file"),
        completion: .file)
    var output: String?

    @Option(help: "How to compress the archive.")
    var compression: ArchiveCompression.Algorithm = .zstd

    @Option(help: ArgumentHelp("The compression level: zstd 1-19 (default 3), gzip 1-9 (default 6).", valueName: "n"))
    var level: Int?

    @Flag(help: "Replace an existing output file that is not a backup, or is encrypted.")
    var force = false

    @Flag(name: [.short("v"), .long], help: "Also show each section's merged duplicates and timings.")
    var verbose = false

    @OptionGroup var encryption: EncryptionOptions

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

    func execute(_ console: Console) throws -> ReportFields {
        // With the archive on stdout, everything else goes to stderr (the console knows).
        let toStandardOutput = writesPayloadToStandardOutput
        let progress = ProgressLine(options: common)
        defer { progress.clear() }
        // Keys first: a recipient that cannot be used fails before the store is touched.
        let chosenEncryption = try encryption.keys(console: console).encryption
        let clock = StoreClock()
        var exporter = BackupExporter(
            compression: try ArchiveCompression(compression, level: level), encryption: chosenEncryption, clock: clock)
        exporter.byteProgress = progress.handler("exporting")
        // An older store is upgraded in memory with the same clock.
        let migrations = DataMigrationService(now: { clock.now() })
        let remote: S3Location? =
            if !toStandardOutput, let output, case .remote(let location) = try RemoteStorage.location(output) {
                // A prefix (ending in /, or a bucket alone) gets the default name inside it.
                location.path.isEmpty || location.path.hasSuffix("/")
                    ? location.appending(BackupExporter.defaultFileName(at: clock.now())) : location
            } else {
                nil
            }
        let destination: BackupArchiveWriter.Destination =
            toStandardOutput
            ? .descriptor(.standardOutput)
            : .file(
                BackupLocations.localURL(output ?? BackupExporter.defaultFileName(at: clock.now())).standardizedFileURL)
        let client = try remote.map { try RemoteStorage.client(for: $0) }
        let (summary, location) = try ReadOnlyStore.reading(explicitPath: store, migrations: migrations) { source in
            if let remote, let client {
                let (summary, _) = try RemoteObjectWriter.write(to: client, key: remote.path) { output in
                    try exporter.export(from: source, to: .descriptor(output))
                }
                return (summary, source.location)
            }
            if case .file(let url) = destination {
                try OutputGuard.refuse(output: url, overwriting: StoreFiles.all(of: source.url))
                try OutputGuard.refuseReplacing(url, force: force)
            }
            do {
                return (try exporter.export(from: source, to: destination), source.location)
            } catch let error as FileIOError {
                // Store reads fail with StoreError, so a bare file error here is about the output.
                throw ErrorClassifier.classifyOutput(error)
            }
        }
        progress.clear()
        let report = ExportReport(summary: summary, storePath: location.url.path, verbose: verbose)
        report.print(to: console)
        return report.fields
    }
}
