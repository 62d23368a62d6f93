import ArgumentParsing
import DataMigration
import DataPortability
import JSONCore

/// `backupctl migrate`: brings the store to this build's schema version.
struct MigrateCommand: BackupctlCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Bring the store to the current schema version.",
        discussion: """
            Runs each pending step in order, each in its own transaction together with its version \
            stamp and journal entry. With --dry-run the steps run inside a transaction that is \
            rolled back: the counts are real and nothing is written. A store from a newer build is \
            left untouched (exit 76). import runs the pending steps inside its own transaction; \
            export and backup never write the store: they apply the steps in memory only.
            """,
        examples: [
            CommandExample("See the pending steps and their counts, writing nothing", "backupctl migrate --dry-run"),
            CommandExample("Migrate a given store", "backupctl migrate --store ~/store.sqlite"),
        ])

    @Option(help: CommonOptions.storeHelp("migrate"), completion: .file)
    var store: String?

    @Flag(help: "Show what would run, with counts, and write nothing.")
    var dryRun = false

    @OptionGroup var common: CommonOptions

    func run() throws {
        let console = Console(options: common)
        let locked = try LockedStore.open(explicitPath: store, mode: .mustExist)
        defer { locked.release() }
        Console.reportRemovedLeftovers(locked.removedLeftovers, to: console)
        let service = DataMigrationService()
        let report = dryRun ? try service.dryRun(store: locked.store) : try service.migrateIfNeeded(store: locked.store)
        if report.applied.isEmpty {
            console.print(
                "The store at \(locked.location.url.path) is at version \(report.fromVersion), the current one; nothing to do."
            )
        } else {
            let verb = dryRun ? "Would migrate" : "Migrated"
            console.print(
                "\(verb) \(locked.location.url.path) from version \(report.fromVersion) to \(report.toVersion):")
            for step in report.applied {
                console.print("  v\(step.version) \(step.title) (\(Formatting.seconds(step.duration)))")
                for outcome in step.outcomes {
                    let detail = outcome.ran ? "\(outcome.result.migratedCount) changed" : "nothing to do"
                    console.print("    \(outcome.identifier) [\(outcome.kind.rawValue)]: \(detail)")
                }
            }
            if dryRun { console.print("Dry run: nothing was written.") }
        }
        console.emitJSON { writer in
            writer.beginObject()
            writer.key("ok")
            writer.bool(true)
            writer.key("store")
            writer.string(locked.location.url.path)
            writer.key("dryRun")
            writer.bool(dryRun)
            writer.key("fromVersion")
            writer.int(report.fromVersion)
            writer.key("toVersion")
            writer.int(report.toVersion)
            writer.key("steps")
            MigrationText.writeSteps(report.applied, to: &writer)
            writer.endObject()
        }
    }
}

/// JSON shared by `migrate` and `import` for applied steps.
enum MigrationText {
    static func writeSteps(_ steps: [AppliedStep], to writer: inout JSONWriter) {
        writer.beginArray()
        for step in steps {
            writer.beginObject()
            writer.key("version")
            writer.int(step.version)
            writer.key("title")
            writer.string(step.title)
            writer.key("from")
            writer.int(step.fromVersion)
            writer.key("seconds")
            writer.double((step.duration * 1000).rounded() / 1000)
            writer.key("migrations")
            writer.beginArray()
            for outcome in step.outcomes {
                writer.beginObject()
                writer.key("id")
                writer.string(outcome.identifier)
                writer.key("kind")
                writer.string(outcome.kind.rawValue)
                writer.key("ran")
                writer.bool(outcome.ran)
                writer.key("changed")
                writer.int(outcome.result.migratedCount)
                writer.endObject()
            }
            writer.endArray()
            writer.endObject()
        }
        writer.endArray()
    }
}
