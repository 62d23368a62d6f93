import Foundation
import TestSupport
import Testing

/// `backupctl import` when it must not import: the exit status of design §7, and the store
/// exactly as it was — the same bytes, no safety snapshot left, no store created where there
/// was none (design §8).
extension ImportCommandTests {
    @Test(arguments: BackupDamage.allCases)
    func refusedBackupLeavesTheStoreByteIdentical(damage: BackupDamage) throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore("store.sqlite", seed: 1)
        let backup = try workspace.exportBackup(from: try workspace.sampleStore("other.sqlite", seed: 2))
        let damaged = try workspace.damagedBackup(from: backup, damage)
        let digests = try workspace.fileDigests(store)
        let names = try workspace.names()

        let output = try workspace.backupctl("import", damaged, "--store", store)
        #expect(output.status == damage.expectedStatus, "\(output.stderrText)")
        #expect(output.stderrText.hasPrefix("error: "), "\(output.stderrText)")
        #expect(output.stderrText.contains("\nhint: "))
        switch damage {
        case .invalidRecord:
            #expect(
                output.stderrText.contains(
                    "The backup has 1 validation error; nothing was imported and the store is unchanged."))
            #expect(
                output.stderrText.contains(#"$.trackedDomains[3].domain: "exa mple..com" is not a valid domain name."#))
        case .newerVersion:
            #expect(output.stderrText.contains("schema version 99 backup, written by a newer build"))
        case .checksumMismatch:
            #expect(output.stderrText.contains("sections/lookupHistory.json: SHA-256 "))
        case .truncated:
            #expect(output.stderrText.contains("is truncated"))
        case .repeatedCarriedKey:
            #expect(
                output.stderrText.contains("$.storeKeys[0].key: appears more than once in its object"),
                "\(output.stderrText)")
        }
        #expect(try workspace.fileDigests(store) == digests)
        #expect(try workspace.names() == names, "no safety snapshot is left behind")
    }

    @Test func refusalIsOneJSONDocumentWithTheFindings() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore("store.sqlite", seed: 1)
        let backup = try workspace.exportBackup(from: try workspace.sampleStore("other.sqlite", seed: 2))
        let damaged = try workspace.damagedBackup(from: backup, .invalidRecord)
        let output = try workspace.backupctl("import", damaged, "--store", store, "--json")
        #expect(output.status == 65)
        let document = try output.jsonObject()
        #expect(document["ok"] as? Bool == false)
        let findings = try #require(document["findings"] as? [[String: Any]])
        #expect(
            findings.contains {
                $0["severity"] as? String == "error" && $0["path"] as? String == "$.trackedDomains[3].domain"
            })
    }

    @Test func storeFromANewerBuildIsRefusedAndLeftAlone() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore("store.sqlite", seed: 1)
        let backup = try workspace.exportBackup(from: try workspace.sampleStore("other.sqlite", seed: 2))
        try workspace.stampStore(store, version: 99)
        let digests = try workspace.fileDigests(store)
        let names = try workspace.names()
        for extra in [[], ["--dry-run"], ["--mode", "replace"]] {
            let output = try workspace.backupctl(arguments: ["import", backup, "--store", store] + extra)
            #expect(output.status == 76, "\(extra): \(output.stderrText)")
            #expect(
                output.stderrText.hasPrefix(
                    "error: The store at \(store) is at schema version 99, newer than this build's 3;"))
            #expect(try workspace.fileDigests(store) == digests)
            #expect(try workspace.names() == names)
        }
    }

    @Test func dryRunLeavesAnOldStoreAtItsVersion() throws {
        let workspace = try CommandWorkspace()
        // A version 0 store: tracked domains under their old key, preferences as plain values, no stamp.
        let store = try workspace.writeStore(
            "old.sqlite",
            blobs: [
                "watchedDomains": "[\(Self.tracked(1, "Old.COM."))]"
            ], schemaVersion: nil)
        let backup = try workspace.craftBackup(
            "b.ddbackup", sections: ["trackedDomains": "[\(Self.tracked(2, "new.com"))]"])
        let digests = try workspace.fileDigests(store)

        let dryRun = try workspace.backupctl("import", backup, "--store", store, "--dry-run")
        #expect(dryRun.status == 0, "\(dryRun.stderrText)")
        #expect(
            dryRun.stdoutText.contains(
                "Store migrated from version 0 to 1: Tracked domains under one key, normalised (would be)\n"))
        #expect(dryRun.stdoutText.contains("Store migrated from version 2 to 3: "))
        #expect(try workspace.fileDigests(store) == digests)
        #expect(!(try workspace.storeDump(store).contains("data.storeSchemaVersion")), "not stamped")

        let real = try workspace.backupctl("import", backup, "--store", store)
        #expect(real.status == 0, "\(real.stderrText)")
        #expect(try workspace.storeDump(store).contains("data.storeSchemaVersion integer"))
        let domains = try #require(try workspace.exportedSections(store)["trackedDomains"])
        #expect(domains.contains(#""domain":"old.com""#) && domains.contains(#""domain":"new.com""#))
    }

    @Test func importThatEndsWithoutWritingCreatesNoStore() throws {
        let workspace = try CommandWorkspace()
        let valid = try workspace.craftBackup(
            "valid.ddbackup", sections: ["trackedDomains": "[\(Self.tracked(1, "a.com"))]"])
        let invalid = try workspace.craftBackup(
            "invalid.ddbackup", sections: ["trackedDomains": "[\(Self.tracked(1, "a..com"))]"])
        let cases: [(arguments: [String], status: Int32)] = [
            (["missing.ddbackup"], 66), ([invalid], 65), ([valid, "--dry-run"], 0),
            ([valid, "--dry-run", "--mode", "replace"], 0),
        ]
        for (arguments, status) in cases {
            let store = workspace.path("new.sqlite")
            let output = try workspace.backupctl(arguments: ["import"] + arguments + ["--store", store])
            #expect(output.status == status, "\(arguments): \(output.stderrText)")
            // Neither the store nor its lock file is left behind.
            #expect(try workspace.names() == ["invalid.ddbackup", "valid.ddbackup"], "\(arguments)")
        }
        let dryRun = try workspace.backupctl(
            "import", valid, "--store", workspace.path("new.sqlite"), "--dry-run", "--json")
        #expect(try Self.tallies(try dryRun.jsonObject())["trackedDomains"] == [1, 0, 0, 0, 0, 0])
    }

    @Test func unknownModeIsAUsageError() throws {
        let workspace = try CommandWorkspace()
        let output = try workspace.backupctl(
            "import", "b.ddbackup", "--store", workspace.path("s.sqlite"), "--mode", "overwrite")
        #expect(output.status == 64)
        #expect(
            output.stderrText.hasPrefix("error: invalid value 'overwrite' for --mode: expected one of merge, replace\n")
        )
        #expect(try workspace.names().isEmpty)
    }
}
