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
            Damaged and partial files are listed as such, never as good backups. Exits 65 when \
            a backup is damaged, so a monitor can alert on it.
            """)

    @Option(help: ArgumentHelp("The backup directory.", valueName: "dir"))
    var dir: String

    @Flag(help: "Read every backup in full: checksums and validation.")
    var verify = false

    @OptionGroup var common: CommonOptions

    func run() throws {
        let console = Console(options: common)
        let directory = BackupDirectory(
            url: URL(fileURLWithPath: dir, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)))
        let entries = try directory.scan(verify: verify)
        var rows = [["backup", "time", "version", "bytes", "records", "integrity"]]
        for entry in entries {
            let integrity: String
            switch entry.health {
            case .good: integrity = verify ? "verified" : "ok (quick)"
            case .damaged: integrity = "DAMAGED"
            case .partial: integrity = "PARTIAL"
            }
            rows.append([
                entry.name, entry.time.map(Timestamp.format) ?? "-",
                entry.manifest.map { String($0.schemaVersion) } ?? "-",
                String(entry.size), entry.manifest.map { String($0.recordCount) } ?? "-",
                integrity,
            ])
        }
        console.print(Formatting.table(rows))
        console.print(
            "\(entries.filter(\.isGood).count) good backups, \(entries.filter { !$0.isGood }.count) problems.")
        for problem in PruneReport.problems(entries) { console.warn(problem) }
        let intact = !entries.contains { if case .damaged = $0.health { true } else { false } }
        console.emitJSON { writer in
            writer.beginObject()
            writer.key("ok")
            writer.bool(intact)
            writer.key("dir")
            writer.string(directory.url.path)
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
                if let manifest = entry.manifest {
                    writer.key("schemaVersion")
                    writer.int(manifest.schemaVersion)
                    writer.key("records")
                    writer.int(manifest.recordCount)
                }
                switch entry.health {
                case .good:
                    writer.key("health")
                    writer.string("good")
                case .damaged(let reason):
                    writer.key("health")
                    writer.string("damaged")
                    writer.key("problem")
                    writer.string(reason)
                case .partial:
                    writer.key("health")
                    writer.string("partial")
                }
                writer.endObject()
            }
            writer.endArray()
            writer.endObject()
        }
        let damaged = entries.filter { if case .damaged = $0.health { true } else { false } }
        if !damaged.isEmpty {
            throw CommandFailure(
                .invalidData,
                "\(damaged.count) backups in \(directory.url.path) are damaged: \(damaged.map(\.name).joined(separator: ", ")).",
                hint: "Restore from a good backup if you need one; damaged files are never removed by prune.",
                alreadyReported: common.json)
        }
    }
}
