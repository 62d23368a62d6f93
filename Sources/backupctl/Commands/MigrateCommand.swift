import ArgumentParsing
import DataMigration
import DataPortability

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

    func execute(_ console: Console) throws -> ReportFields {
        let locked = try LockedStore.open(explicitPath: store, mode: .mustExist)
        defer { locked.release() }
        Console.reportRemovedLeftovers(locked.removedLeftovers, to: console)
        let clock = StoreClock()
        let service = DataMigrationService(now: { clock.now() })
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
        return [
            "store": .string(locked.location.url.path), "dryRun": .bool(dryRun),
            "fromVersion": .int(report.fromVersion), "toVersion": .int(report.toVersion),
            "migrations": MigrationText.steps(report.applied),
        ]
    }
}

/// The JSON of applied store migration steps, as `migrate`, `import` and `export` give them.
enum MigrationText {
    static func steps(_ steps: [AppliedStep]) -> ReportValue {
        .objects(steps) { step in
            [
                "version": .int(step.version), "title": .string(step.title), "fromVersion": .int(step.fromVersion),
                "seconds": .seconds(step.duration),
                "migrations": .objects(step.outcomes) { outcome in
                    [
                        "id": .string(outcome.identifier), "kind": .string(outcome.kind.rawValue),
                        "ran": .bool(outcome.ran), "changed": .int(outcome.result.migratedCount),
                    ]
                },
            ]
        }
    }
}
