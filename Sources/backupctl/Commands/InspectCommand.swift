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
            CommandExample("Show the full checksums, to compare with sha256sum", "backupctl inspect -v b.ddbackup"),
            CommandExample("List a backup's entries with plain tar, without backupctl", "tar --zstd -tvf b.ddbackup"),
        ])

    @Argument(help: ArgumentHelp("The backup file, or - for standard input.", valueName: "file"), completion: .file)
    var file: String

    @Flag(
        name: [.short("v"), .long], help: "Show each entry's path in the archive and full SHA-256, and the time taken.")
    var verbose = false

    @OptionGroup var decryption: DecryptionOptions

    @OptionGroup var common: CommonOptions

    func run() throws {
        let console = Console(options: common)
        let started = ContinuousClock.now
        let inspection: BackupInspection
        do {
            inspection = try BackupInspection(path: file, decryption: try decryption.decryption(console: console))
        } catch let error as FileIOError {
            // Opening the backup is the only file operation: every failure is about the input.
            throw ErrorClassifier.classifyInput(error)
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
        var rows = [[verbose ? "entry" : "section", "records", "bytes", "sha256", "checksum"]]
        for entry in inspection.entries {
            let sha256 = entry.listing?.sha256 ?? ""
            rows.append([
                verbose ? entry.path : entry.listing?.name ?? entry.path,
                entry.listing.map { String($0.records) } ?? "-", entry.listing.map { String($0.bytes) } ?? "-",
                entry.fromSingleDocument ? "-" : verbose ? sha256 : String(sha256.prefix(12)), entry.status,
            ])
        }
        console.print(Formatting.table(rows))
        if verbose {
            let elapsed = (ContinuousClock.now - started).timeInterval
            console.print("Read and verified \(Formatting.throughput(inspection.fileSize, in: elapsed)).")
        }
        console.emitJSON { writer in
            writer.beginObject()
            writer.key("ok")
            writer.bool(inspection.isIntact)
            writer.key("file")
            writer.string(inspection.file)
            writer.key("fileBytes")
            writer.int(Int(inspection.fileSize))
            writer.key("compression")
            writer.string(inspection.compression)
            writer.key("encrypted")
            writer.bool(inspection.encryptionHeader != nil)
            writer.key("format")
            writer.string(manifest.format)
            writer.key("schemaVersion")
            writer.int(manifest.schemaVersion)
            writer.key("createdAt")
            writer.timestamp(manifest.createdAt)
            writer.key("producer")
            writer.beginObject()
            writer.key("name")
            writer.string(manifest.producer.name)
            writer.key("version")
            writer.string(manifest.producer.version)
            writer.endObject()
            writer.key("storeSchemaVersion")
            writer.int(manifest.storeSchemaVersion)
            if let read = manifest.storeSchemaVersionRead {
                writer.key("storeSchemaVersionRead")
                writer.int(read)
            }
            writer.key("sections")
            writer.beginArray()
            for entry in inspection.entries {
                writer.beginObject()
                writer.key("name")
                writer.string(entry.listing?.name ?? entry.path)
                writer.key("path")
                writer.string(entry.path)
                if let listing = entry.listing {
                    writer.key("records")
                    writer.int(listing.records)
                    writer.key("bytes")
                    writer.int(Int(listing.bytes))
                    if !entry.fromSingleDocument {
                        writer.key("sha256")
                        writer.string(listing.sha256)
                    }
                }
                writer.key("checksum")
                writer.string(entry.status)
                writer.endObject()
            }
            writer.endArray()
            writer.endObject()
        }
        guard inspection.isIntact else {
            let bad = inspection.entries.filter { $0.verification != .verified }
            let list = bad.map { "\($0.path) (\($0.status))" }.joined(separator: ", ")
            throw CommandFailure(
                .invalidData, "The backup '\(inspection.file)' does not match its manifest: \(list).",
                hint: "The file is damaged; restore from another copy.", alreadyReported: common.json)
        }
    }
}
