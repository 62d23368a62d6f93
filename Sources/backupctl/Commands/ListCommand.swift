import ArgumentParsing
import DataPortability
import DomainModel
import Foundation

/// `backupctl list`: the backups of a directory and their integrity.
struct ListCommand: BackupctlCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the backups of a directory with their integrity.",
        discussion: """
            Shows time, schema version, size, record count and integrity: a quick check (the \
            manifest reads) by default, a full one (every checksum and validation) with --verify. \
            Damaged, partial and future-dated files are listed as such, never as good backups. \
            Exits 65 when a backup is damaged, so a monitor can alert on it; 66 when --dir is \
            missing or is not a directory. Takes no lock and writes nothing. Encrypted backups are \
            checked without a key (age header, payload framing and length) unless --identity or \
            --passphrase-file opens them; with a key given, a backup it does not open exits 77.
            """,
        examples: [
            CommandExample("List the backups of a directory", "backupctl list --dir ~/backups"),
            CommandExample("Read every backup in full, as a monitor would", "backupctl list --dir ~/backups --verify"),
            CommandExample(
                "Read encrypted backups in full with the key they were encrypted to",
                "backupctl list --dir ~/backups --verify --identity ~/.config/backupctl/key.txt"),
        ])

    @Option(help: ArgumentHelp("The backup directory.", valueName: "dir"), completion: .directory)
    var dir: String

    @Flag(help: "Read every backup in full: checksums and validation.")
    var verify = false

    @Flag(
        name: [.short("v"), .long],
        help: "Also show when and by what each backup was made, its sections, the time taken.")
    var verbose = false

    @OptionGroup var decryption: DecryptionOptions

    @OptionGroup var common: CommonOptions

    func run() throws {
        let console = Console(options: common)
        let progress = ProgressLine(options: common)
        let started = ContinuousClock.now
        let folder = try BackupLocations.folder(dir)
        let keys = try decryption.decryption(console: console)
        let entries = try folder.scan(
            verify: verify, decryption: keys, now: StoreClock().now(),
            progress: verify ? progress.handler("verifying") : nil)
        progress.clear()
        var rows = [["backup", "time", "version", "bytes", "encrypted", "records", "integrity"]]
        for entry in entries {
            let integrity =
                entry.health.label
                ?? (entry.contentsChecked ? (verify ? "verified" : "ok (quick)") : "ok (without key)")
            rows.append([
                entry.name, entry.time.map(Timestamp.format) ?? "-",
                entry.manifest.map { String($0.schemaVersion) } ?? "-",
                String(entry.size), entry.isEncrypted ? "age" : "no",
                entry.manifest.map { String($0.recordCount) } ?? "-", integrity,
            ])
        }
        console.print(Formatting.table(rows))
        if verbose {
            for entry in entries { console.print(BackupEntryText.details(of: entry)) }
            let elapsed = (ContinuousClock.now - started).timeInterval
            let read = entries.reduce(Int64(0)) { $0 + $1.size }
            console.print(
                verify
                    ? "Verified \(Formatting.throughput(read, in: elapsed))."
                    : "Read the manifests in \(Formatting.seconds(elapsed)) (--verify reads every backup in full).")
        }
        console.print(
            "\(entries.filter(\.isGood).count) good backups, \(entries.filter { !$0.isGood }.count) problems.")
        for problem in PruneReport.problems(entries) { console.warn(problem) }
        let intact = !entries.contains { $0.health.isDamaged }
        console.emitJSON { writer in
            writer.beginObject()
            writer.key("ok")
            writer.bool(intact)
            writer.key("dir")
            writer.string(folder.displayName)
            writer.key("verified")
            writer.bool(verify)
            writer.key("backups")
            writer.beginArray()
            for entry in entries {
                writer.beginObject()
                writer.key("file")
                writer.string(entry.name)
                if let time = entry.time {
                    writer.key("time")
                    writer.timestamp(time)
                }
                writer.key("bytes")
                writer.int(Int(entry.size))
                writer.key("encrypted")
                writer.bool(entry.isEncrypted)
                writer.key("contentsChecked")
                writer.bool(entry.contentsChecked)
                if let manifest = entry.manifest {
                    writer.key("schemaVersion")
                    writer.int(manifest.schemaVersion)
                    writer.key("records")
                    writer.int(manifest.recordCount)
                }
                PruneReport.writeHealth(entry.health, to: &writer)
                writer.endObject()
            }
            writer.endArray()
            writer.endObject()
        }
        let damaged = entries.filter { $0.health.isDamaged }
        if !damaged.isEmpty {
            throw CommandFailure(
                .invalidData,
                "\(damaged.count) backups in \(folder.displayName) are damaged: \(damaged.map(\.name).joined(separator: ", ")).",
                hint: "Restore from a good backup if you need one; damaged files are never removed by prune.",
                alreadyReported: common.json)
        }
        let unopened = entries.filter { $0.isEncrypted && !$0.contentsChecked }
        if !keys.identities.isEmpty && !unopened.isEmpty {
            throw CommandFailure(
                .permission,
                "\(unopened.count) encrypted backups in \(folder.displayName) are not opened by the keys given, so their "
                    + "contents were not checked: \(unopened.map(\.name).joined(separator: ", ")).",
                hint: "Pass the identity (or passphrase) they were encrypted to.", alreadyReported: common.json)
        }
    }
}
