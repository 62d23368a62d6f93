import ArgumentParsing
import BackupFormat
import DataPortability
import DomainModel
import DurableIO

/// `backupctl inspect`: what a backup holds, and whether each section matches its checksum.
struct InspectCommand: BackupctlCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show what a backup holds and verify its checksums.",
        discussion: """
            Prints the format and schema version, when and by what the backup was made, the store \
            version it was taken from, and for each section its records, bytes and whether its \
            SHA-256 matches the manifest. Exits 65 when a section is missing, altered or unlisted.
            """,
        examples: [
            CommandExample("See what a backup holds", "backupctl inspect b.ddbackup"),
            CommandExample(
                "See what a backup in S3-compatible object storage holds",
                "backupctl inspect s3://bucket/domaindig/b.ddbackup"),
            CommandExample("Show the full checksums, to compare with sha256sum", "backupctl inspect -v b.ddbackup"),
            CommandExample("List a backup's entries with plain tar, without backupctl", "tar --zstd -tvf b.ddbackup"),
        ])

    @Argument(
        help: ArgumentHelp("The backup file, s3://bucket/key, or - for standard input.", valueName: "file"),
        completion: .file)
    var file: String

    @Flag(
        name: [.short("v"), .long], help: "Show each entry's path in the archive and full SHA-256, and the time taken.")
    var verbose = false

    @OptionGroup var decryption: DecryptionOptions

    @OptionGroup var common: CommonOptions

    func execute(_ console: Console) throws -> ReportFields {
        let started = ContinuousClock.now
        let inspection: BackupInspection
        do {
            // Opening the backup is the only file operation: every failure is about the input.
            inspection = try ErrorClassifier.openingInput {
                try BackupInspection(path: file, decryption: try decryption.keys(console: console).decryption)
            }
        } catch let refusal as BackupUpgrade.Refusal {
            // A version 1 or 2 backup that does not validate is reported, never upgraded.
            throw CommandFailure(
                .invalidData, refusal.description, hint: "Run `backupctl validate \(file)` to see every finding.")
        }
        let manifest = inspection.manifest
        console.print("File: \(inspection.file) (\(inspection.compression), \(Formatting.bytes(inspection.fileSize)))")
        if let header = inspection.encryptionHeader {
            console.print("Encryption: age, \(EncryptionText.recipients(of: header))")
        }
        console.print("Format: \(manifest.format), schema version \(manifest.schemaVersion)")
        let producer = [manifest.producer.name, manifest.producer.version].filter { !$0.isEmpty }.joined(separator: " ")
        console.print("Created: \(Timestamp.format(manifest.createdAt)) by \(producer)")
        let upgraded =
            manifest.wasUpgradedOnExport
            ? " (the store was at version \(manifest.storeSchemaVersionRead ?? 0); the export upgraded its data in memory)"
            : ""
        console.print("Store schema version: \(manifest.storeSchemaVersion)\(upgraded)")
        // Verbose names each entry by its path in the archive and gives the whole checksum.
        let rows = inspection.entries.map { entry in
            let sha256 = entry.listing?.sha256 ?? ""
            return [
                verbose ? entry.path : entry.listing?.name ?? entry.path,
                entry.listing.map { String($0.records) } ?? "-",
                entry.listing.map { Formatting.bytes($0.bytes) } ?? "-",
                entry.fromSingleDocument ? "-" : verbose ? sha256 : String(sha256.prefix(12)), entry.status,
            ]
        }
        console.print(
            lines: Formatting.table([[verbose ? "entry" : "section", "records", "size", "sha256", "checksum"]] + rows))
        if verbose {
            let elapsed = (ContinuousClock.now - started).timeInterval
            console.print("Read and verified \(Formatting.throughput(inspection.fileSize, in: elapsed)).")
        }
        let details: ReportFields = [
            "input": .string(inspection.file), "inputBytes": .bytes(inspection.fileSize),
            "compression": .string(inspection.compression),
            "encrypted": .bool(inspection.encryptionHeader != nil),
            "encryption": inspection.encryptionHeader.map(EncryptionText.value(of:)),
            "format": .string(manifest.format),
            "schemaVersion": .int(manifest.schemaVersion), "createdAt": .timestamp(manifest.createdAt),
            "producer": .object([
                "name": .string(manifest.producer.name), "version": .string(manifest.producer.version),
            ]),
            "storeSchemaVersion": .int(manifest.storeSchemaVersion),
            "storeSchemaVersionRead": manifest.storeSchemaVersionRead.map(ReportValue.int),
            "sections": .objects(inspection.entries) { entry in
                [
                    "name": .string(entry.listing?.name ?? entry.path), "path": .string(entry.path),
                    "records": entry.listing.map { .int($0.records) }, "bytes": entry.listing.map { .bytes($0.bytes) },
                    "sha256": entry.fromSingleDocument ? nil : entry.listing.map { .string($0.sha256) },
                    "checksum": .string(entry.status),
                ]
            },
        ]
        guard inspection.isIntact else {
            let bad = inspection.entries.filter { $0.verification != .verified }
            let list = bad.map { "\($0.path) (\($0.status))" }.joined(separator: ", ")
            throw CommandFailure(
                .invalidData, "The backup '\(inspection.file)' does not match its manifest: \(list).",
                hint: "The file is damaged; restore from another copy.", details: details)
        }
        return details
    }
}
