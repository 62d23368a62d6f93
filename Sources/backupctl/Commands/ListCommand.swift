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
            CommandExample("List the backups under an S3 prefix", "backupctl list --dir s3://bucket/domaindig"),
            CommandExample("Read every backup in full, as a monitor would", "backupctl list --dir ~/backups --verify"),
            CommandExample(
                "Read encrypted backups in full with the key they were encrypted to",
                "backupctl list --dir ~/backups --verify --identity ~/.config/backupctl/key.txt"),
        ])

    @Option(help: CommonOptions.directoryHelp, completion: .directory)
    var dir: String

    @Flag(help: "Read every backup in full: checksums and validation.")
    var verify = false

    @Flag(
        name: [.short("v"), .long],
        help: "Also show when and by what each backup was made, its sections, the time taken.")
    var verbose = false

    @OptionGroup var decryption: DecryptionOptions

    @OptionGroup var common: CommonOptions

    func execute(_ console: Console) throws -> ReportFields {
        let progress = ProgressLine(options: common)
        let started = ContinuousClock.now
        let folder = try BackupLocations.folder(dir)
        let keys = try decryption.keys(console: console).decryption
        // A key given is one `list` was asked to check with: a backup it does not open is not good.
        let keysGiven = !keys.identities.isEmpty
        let entries = try folder.scan(
            verify: verify, decryption: keys, now: StoreClock().now(),
            progress: verify ? progress.handler("verifying") : nil)
        progress.clear()
        if entries.isEmpty {
            console.print("No backups in \(folder.displayName).")
        } else {
            let rows = entries.map { entry in
                let integrity =
                    entry.health.label
                    ?? (entry.contentsChecked
                        ? (verify ? "verified" : "ok (quick)")
                        : ListCounts.isNotChecked(entry, keysGiven: keysGiven)
                            ? "NOT CHECKED" : entry.matchesChecksum ? "ok (checksum)" : "ok (without key)")
                return [
                    entry.name, entry.time.map(Timestamp.format) ?? "-",
                    entry.manifest.map { String($0.schemaVersion) } ?? "-", Formatting.bytes(entry.size),
                    entry.isEncrypted ? "age" : "no", entry.manifest.map { String($0.recordCount) } ?? "-", integrity,
                ]
            }
            console.print(
                lines: Formatting.table(
                    [["backup", "time", "version", "size", "encrypted", "records", "integrity"]] + rows))
        }
        if verbose {
            for entry in entries { console.print(lines: BackupEntryText.details(of: entry)) }
            let elapsed = (ContinuousClock.now - started).timeInterval
            let read = entries.reduce(Int64(0)) { $0 + $1.size }
            console.print(
                verify
                    ? "Verified \(Formatting.throughput(read, in: elapsed))."
                    : "Read the manifests in \(Formatting.seconds(elapsed)) (--verify reads every backup in full).")
        }
        let counts = ListCounts(entries, keysGiven: keysGiven)
        if !entries.isEmpty { console.print(counts.text) }
        for entry in entries {
            if let warning = CommandWarning(entry) { console.warn(warning) }
            if verify, entry.isGood, entry.isEncrypted, !entry.contentsChecked, !entry.matchesChecksum,
                !ListCounts.isNotChecked(entry, keysGiven: keysGiven)
            {
                console.warn(.unconfirmed(entry.name))
            }
        }
        let details: ReportFields = [
            "directory": .string(folder.displayName), "verified": .bool(verify), "counts": counts.value,
            "backups": .objects(entries) { entry in
                PruneReport.entryFields(entry) + [
                    "bytes": .bytes(entry.size), "encrypted": .bool(entry.isEncrypted),
                    "contentsChecked": .bool(entry.contentsChecked),
                    // Only where a checksum file was looked for: --verify, and no key opened it.
                    "checksumMatched": verify && entry.isEncrypted && !entry.contentsChecked
                        ? .bool(entry.matchesChecksum) : nil,
                    "schemaVersion": entry.manifest.map { .int($0.schemaVersion) },
                    "records": entry.manifest.map { .int($0.recordCount) },
                ]
            },
        ]
        let damaged = entries.filter { $0.health.isDamaged }
        if !damaged.isEmpty {
            let are = damaged.count == 1 ? "is" : "are"
            throw CommandFailure(
                .invalidData,
                "\(Wording.count(damaged.count, "backup")) in \(folder.displayName) \(are) damaged: "
                    + "\(damaged.map(\.name).joined(separator: ", ")).",
                hint: "Restore from a good backup if you need one; damaged files are never removed by prune.",
                details: details)
        }
        let unopened = entries.filter { ListCounts.isNotChecked($0, keysGiven: keysGiven) }
        if !unopened.isEmpty {
            let their = unopened.count == 1 ? "its" : "their"
            throw CommandFailure(
                .permission,
                "The keys given do not open \(Wording.count(unopened.count, "encrypted backup")) in "
                    + "\(folder.displayName), so \(their) contents were not checked: "
                    + "\(unopened.map(\.name).joined(separator: ", ")).",
                hint: "Pass the identity (or passphrase) they were encrypted to.", details: details)
        }
        return details
    }
}
