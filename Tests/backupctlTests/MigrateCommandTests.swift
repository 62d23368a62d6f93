import Foundation
import TestSupport
import Testing

/// `backupctl migrate` on copies of the store fixtures (Tests/Fixtures/Stores).
@Suite struct MigrateCommandTests {
    @Test func newerStoreExits76AndIsLeftByteIdentical() throws {
        let folder = try TemporaryDirectory()
        let store = try copyStoreFixture("newer", into: folder)
        let before = try Data(contentsOf: store)

        let run = try backupctl("migrate", "--store", store.path)
        #expect(run.status == 76)
        #expect(run.stderrText.hasPrefix("error: "))
        #expect(run.stderrText.contains("schema version 99") && run.stderrText.contains("left untouched"))
        #expect(try Data(contentsOf: store) == before)

        let json = try backupctl("migrate", "--store", store.path, "--json")
        #expect(json.status == 76)
        let report = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        #expect(report["ok"] as? Bool == false)
        #expect(report["exitCode"] as? Int == 76)
        #expect(try Data(contentsOf: store) == before)

        let dryRun = try backupctl("migrate", "--store", store.path, "--dry-run")
        #expect(dryRun.status == 76)
        #expect(try Data(contentsOf: store) == before)
    }

    @Test func migratesAVersion0StoreToTheCurrentVersion() throws {
        let folder = try TemporaryDirectory()
        let store = try copyStoreFixture("v0", into: folder)
        let run = try backupctl("migrate", "--store", store.path)
        #expect(run.status == 0, "\(run.stderrText)")
        #expect(run.stdoutText.contains("Migrated \(store.path) from version 0 to 3:"))
        for line in [
            "  v1 ", "  v2 ", "  v3 ", "v1.rename-watched-domains [simple rename]",
            "v2.aggregate-preferences [aggregating]",
            "v3.ledger-object [conditional]: 6 changed",
        ] {
            #expect(run.stdoutText.contains(line), "missing \(line.debugDescription) in:\n\(run.stdoutText)")
        }
        // Python's plistlib, an independent reader, sees the stamp and the journal.
        let check = try ProcessRunner.python(
            """
            import json, plistlib, sys
            values = plistlib.load(open(sys.argv[1], "rb"))
            print(values["data.storeSchemaVersion"], [entry["step"] for entry in json.loads(values["data.migrationJournal"])],
                  "watchedDomains" in values, "resolverURL" in values)
            """, [store.path])
        #expect(check.stdoutText == "3 [1, 2, 3] False False\n", "\(check.stderrText)")
    }

    @Test func secondRunHasNothingToDoAndChangesNothing() throws {
        let folder = try TemporaryDirectory()
        let store = try copyStoreFixture("v1", into: folder)
        #expect(try backupctl("migrate", "--store", store.path).status == 0)
        let after = try Data(contentsOf: store)
        let again = try backupctl("migrate", "--store", store.path)
        #expect(again.status == 0)
        #expect(again.stdoutText.contains("is at version 3, the current one; nothing to do."))
        #expect(try Data(contentsOf: store) == after)
    }

    @Test func dryRunShowsTheStepsAndWritesNothing() throws {
        let folder = try TemporaryDirectory()
        let store = try copyStoreFixture("v0-marker", into: folder)
        let before = try Data(contentsOf: store)
        let run = try backupctl("migrate", "--store", store.path, "--dry-run")
        #expect(run.status == 0, "\(run.stderrText)")
        #expect(run.stdoutText.contains("Would migrate \(store.path) from version 1 to 3:"))
        #expect(!run.stdoutText.contains("  v1 "))
        #expect(run.stdoutText.contains("Dry run: nothing was written."))
        #expect(try Data(contentsOf: store) == before)
    }

    @Test func jsonReportListsTheStepsAndTheirMigrations() throws {
        let folder = try TemporaryDirectory()
        let store = try copyStoreFixture("v2", into: folder)
        let run = try backupctl("migrate", "--store", store.path, "--json")
        #expect(run.status == 0, "\(run.stderrText)")
        let report = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
        #expect(report["ok"] as? Bool == true)
        #expect(report["dryRun"] as? Bool == false)
        #expect(report["fromVersion"] as? Int == 2 && report["toVersion"] as? Int == 3)
        let steps = try #require(report["migrations"] as? [[String: Any]])
        #expect(steps.map { $0["version"] as? Int } == [3])
        let migrations = try #require(steps.first?["migrations"] as? [[String: Any]])
        #expect(migrations.map { $0["id"] as? String } == ["v3.typed-dns-records", "v3.ledger-object"])
        #expect(migrations.map { $0["changed"] as? Int } == [3, 6])
    }

    @Test func missingStoreExits66() throws {
        let folder = try TemporaryDirectory()
        let run = try backupctl("migrate", "--store", folder.file("absent.plist").path)
        #expect(run.status == 66)
        #expect(!FileManager.default.fileExists(atPath: folder.file("absent.plist").path))
    }
}
