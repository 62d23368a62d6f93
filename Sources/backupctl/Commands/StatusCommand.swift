import ArgumentParsing
import DataPortability
import DomainModel
import Foundation

/// `backupctl status`: the store's version, pending steps, journal and contents.
struct StatusCommand: BackupctlCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the store's schema version, pending migrations and contents.",
        discussion: """
            Like `flyway info`: reads the store without changing it, locking it or creating anything \
            beside it, so it works on a store you may only read. Reports temporary copies an \
            interrupted write left beside the store (the next import, migrate or sample removes them), \
            and the keys an export carries as they are: legacy keys left over after their migration, \
            and keys this build does not know.
            """,
        examples: [
            CommandExample("Describe the default store", "backupctl status"),
            CommandExample("Describe a property-list store, as JSON", "backupctl status --store app.plist --json"),
        ])

    @Option(help: CommonOptions.storeHelp("describe"), completion: .file)
    var store: String?

    @OptionGroup var common: CommonOptions

    private static func size(of url: URL) -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.int64Value ?? 0
    }

    func execute(_ console: Console) throws -> ReportFields {
        let status = try StoreStatus(explicitPath: store)
        let path = status.location.url.path
        console.print("Store: \(path) (from \(status.location.source.rawValue))")
        let marker = status.hasPreVersioningMarker ? " (pre-versioning marker set)" : ""
        console.print("Schema version: \(status.storedVersion)\(marker); this build: \(status.supportedVersion)")
        if status.isNewerThanThisBuild {
            console.print(
                "The store was written by a newer build: export, import and migrate refuse it (exit 76) and leave it untouched."
            )
        } else if status.pendingSteps.isEmpty {
            console.print("Pending migrations: none")
        } else {
            console.print("Pending migrations:")
            for step in status.pendingSteps {
                let migrations = step.migrations.map { "\($0.identifier) [\($0.kind.rawValue)]" }.joined(
                    separator: ", ")
                console.print("  v\(step.version) \(step.title): \(migrations)")
            }
            console.print(
                "Run `backupctl migrate --store \(Formatting.shellQuoted(path))` to apply "
                    + "\(status.pendingSteps.count == 1 ? "it" : "them") (an import applies them too).")
        }
        if !status.journal.isEmpty {
            console.print("Applied:")
            let rows = status.journal.map { entry in
                [
                    "v\(entry.step)", String(entry.fromVersion), String(entry.toVersion),
                    Timestamp.format(entry.appliedAt),
                    String(entry.durationMs), String(entry.counts.values.reduce(0, +)), entry.tool,
                ]
            }
            console.print(
                lines: Formatting.table([["step", "from", "to", "applied at", "ms", "changed", "tool"]] + rows))
        }
        console.print("Contents:")
        console.print(lines: StoreInventoryText.table(status.inventory))
        for leftover in status.leftovers {
            console.warn(
                CommandWarning(
                    "store.leftover",
                    "\(leftover.path) is a temporary copy an interrupted write to the store left "
                        + "(\(Formatting.bytes(Self.size(of: leftover)))); the next import, migrate or sample removes it",
                    file: leftover.path))
        }
        if !status.leftoverKeys.isEmpty {
            console.print(
                "Leftover legacy keys (the data no longer comes from them; export carries them as they are): "
                    + status.leftoverKeys.joined(separator: ", "))
        }
        if !status.unknownKeys.isEmpty {
            console.print(
                "Keys this build does not know (export carries them as they are): "
                    + status.unknownKeys.joined(separator: ", "))
        }
        return [
            "store": .string(path), "storeSchemaVersion": .int(status.storedVersion),
            "supportedVersion": .int(status.supportedVersion), "newerThanThisBuild": .bool(status.isNewerThanThisBuild),
            "preVersioningMarker": .bool(status.hasPreVersioningMarker),
            "pending": .objects(status.pendingSteps) { step in
                [
                    "version": .int(step.version), "title": .string(step.title),
                    "migrations": .strings(step.migrations.map(\.identifier)),
                ]
            },
            "journal": .objects(status.journal) { entry in
                var counts: ReportFields = [:]
                for (key, value) in entry.counts.sorted(by: { $0.key < $1.key }) { counts[key] = .int(value) }
                return [
                    "step": .int(entry.step), "fromVersion": .int(entry.fromVersion),
                    "toVersion": .int(entry.toVersion),
                    "appliedAt": .timestamp(entry.appliedAt), "seconds": .seconds(Double(entry.durationMs) / 1000),
                    "counts": .object(counts), "tool": .string(entry.tool),
                ]
            },
            "keys": StoreInventoryText.value(status.inventory),
            "leftovers": .strings(status.leftovers.map(\.path)),
            "leftoverKeys": .strings(status.leftoverKeys), "unknownKeys": .strings(status.unknownKeys),
        ]
    }
}
