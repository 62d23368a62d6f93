import Foundation
import TestSupport
import Testing

/// `backupctl import`: round trips, the safety snapshot and undoing with it, standard input,
/// the JSON document, dry-run counts on hand-made cases, older backups. Refusals are in
/// `+Failures`, locking and killed imports in `+Concurrency`.
@Suite struct ImportCommandTests {
    /// The sections of a v3 backup, in archive order.
    static let sectionNames = [
        "trackedDomains", "lookupHistory", "domainAudits", "domainWorkflows", "monitoringSettings",
        "monitoringLogs", "appSettings", "entitlement", "usageCredits",
    ]

    /// A fixed clock, so snapshot names are known in advance.
    static let clock = ["BACKUPCTL_TEST_NOW": "2026-03-04T05:06:07Z"]

    /// The UUID of the n-th hand-made record.
    static func id(_ number: Int) -> String { "00000000-0000-4000-8000-0000000000\(number < 10 ? "0" : "")\(number)" }

    /// A hand-made tracked domain.
    static func tracked(_ number: Int, _ domain: String, _ fields: String = "") -> String {
        #"{"id":"\#(id(number))","domain":"\#(domain)","addedAt":"2025-01-01T00:00:00Z"\#(fields.isEmpty ? "" : ",")\#(fields)}"#
    }

    /// The records in a section's JSON text: an array's elements, 1 for an object, 0 for null.
    static func recordCount(_ text: String) throws -> Int {
        switch try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed) {
        case let array as [Any]: array.count
        case is NSNull: 0
        default: 1
        }
    }

    /// Per section of an `--json` document: added, merged, unchanged, duplicates, malformed, removed.
    static func tallies(_ document: [String: Any]) throws -> [String: [Int]] {
        let sections = try #require(document["sections"] as? [[String: Any]])
        var tallies: [String: [Int]] = [:]
        for section in sections {
            let name = try #require(section["name"] as? String)
            tallies[name] = ["added", "merged", "unchanged", "duplicatesDropped", "malformedSkipped", "removed"]
                .map { section[$0] as? Int ?? -1 }
        }
        return tallies
    }

    @Test func exportImportExportGivesTheSameSectionsAndAReimportChangesNothing() throws {
        let workspace = try CommandWorkspace()
        let backup = try workspace.exportBackup(from: try workspace.sampleStore("source.sqlite"))
        let original = try workspace.sections(ofBackup: backup)
        let restored = workspace.path("restored.sqlite")

        let first = try workspace.backupctl("import", backup, "--store", restored)
        #expect(first.status == 0, "\(first.stderrText)")
        #expect(first.stdoutText.hasPrefix("Imported \(backup) (schema version 4) into \(restored), mode merge\n"))
        #expect(!first.stdoutText.contains("Safety snapshot"), "a new store has nothing to protect")
        #expect(try workspace.exportedSections(restored) == original)

        // The same backup again: the dry run counts every record unchanged, and the import
        // leaves every key's bytes as they were.
        let stored = try workspace.storeDump(restored)
        let dryRun = try workspace.backupctl("import", backup, "--store", restored, "--dry-run", "--json")
        #expect(dryRun.status == 0, "\(dryRun.stderrText)")
        let document = try dryRun.jsonObject()
        #expect(document["dryRun"] as? Bool == true)
        #expect(document["storeChanged"] as? Bool == false)
        let expected = try Dictionary(
            uniqueKeysWithValues: original.map { ($0.key, [0, 0, try Self.recordCount($0.value), 0, 0, 0]) })
        #expect(try Self.tallies(document) == expected)
        #expect(try workspace.storeDump(restored) == stored)

        let again = try workspace.backupctl("import", backup, "--store", restored)
        #expect(again.status == 0, "\(again.stderrText)")
        #expect(again.stdoutText.contains("Nothing changed: the store already held this data.\n"))
        #expect(try workspace.storeDump(restored) == stored)
        #expect(try workspace.safetySnapshots(of: "restored.sqlite").isEmpty, "nothing changed, so nothing to undo")
    }

    @Test(arguments: ["merge", "replace"])
    func safetySnapshotIsPrintedPrivateAndItsUndoRestoresEveryKey(mode: String) throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore("store.sqlite", seed: 1)
        let backup = try workspace.exportBackup(from: try workspace.sampleStore("other.sqlite", seed: 2))
        // Key by key, as Python's sqlite3 reads them: the sample's damaged records and duplicates included.
        let before = try workspace.storeContents(store)

        let output = try workspace.backupctl(
            "import", backup, "--store", store, "--mode", mode, environment: Self.clock)
        #expect(output.status == 0, "\(output.stderrText)")
        let snapshot = workspace.path("store.sqlite.before-import-20260304T050607Z.sqlite")
        #expect(
            try workspace.safetySnapshots(of: "store.sqlite") == [
                "store.sqlite.before-import-20260304T050607Z.sqlite"
            ])
        let undoLine = "backupctl import \(snapshot) --mode replace --store \(store)"
        #expect(output.stdoutText.contains("Safety snapshot: \(snapshot)\n  To undo: \(undoLine)\n"))
        #expect(try workspace.permissions(snapshot) == 0o600)
        #expect(try workspace.storeContents(snapshot) == before, "a copy of the store as it was before the import")
        #expect(try workspace.storeContents(store) != before)

        // The printed command, run as printed (through the shell); it takes its own snapshot,
        // under the next free name.
        let undo = try workspace.run(
            "sh", "-c", "PATH=\"$0:$PATH\" BACKUPCTL_TEST_NOW=2026-03-04T05:06:07Z \(undoLine)",
            BuildProducts.backupctl.deletingLastPathComponent().path)
        #expect(undo.status == 0, "\(undo.stderrText)")
        #expect(undo.stdoutText.hasPrefix("Restored \(store) from the store snapshot \(snapshot)\n"))
        #expect(try workspace.storeContents(store) == before)
        #expect(try workspace.safetySnapshots(of: "store.sqlite").count == 2)
        #expect(try workspace.names().contains("store.sqlite.before-import-20260304T050607Z-2.sqlite"))
    }

    @Test func aSnapshotIsRestoredOnlyWithReplace() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore("store.sqlite", seed: 1)
        let backup = try workspace.exportBackup(from: try workspace.sampleStore("other.sqlite", seed: 2))
        #expect(try workspace.backupctl("import", backup, "--store", store, environment: Self.clock).status == 0)
        let snapshot = workspace.path("store.sqlite.before-import-20260304T050607Z.sqlite")
        let after = try workspace.storeContents(store)
        let merge = try workspace.backupctl("import", snapshot, "--store", store)
        #expect(merge.status == 64)
        #expect(
            merge.stderrText.contains(
                "is a store snapshot, which is restored whole: run the import with --mode replace"))
        #expect(try workspace.storeContents(store) == after)
    }

    @Test func noSafetySnapshotWhenAskedNotTo() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore("store.sqlite", seed: 1)
        let backup = try workspace.exportBackup(from: try workspace.sampleStore("other.sqlite", seed: 2))
        let output = try workspace.backupctl("import", backup, "--store", store, "--no-safety-snapshot")
        #expect(output.status == 0, "\(output.stderrText)")
        #expect(!output.stdoutText.contains("Safety snapshot"))
        #expect(try workspace.safetySnapshots(of: "store.sqlite").isEmpty)
    }

    @Test func importsABackupFromStandardInput() throws {
        let workspace = try CommandWorkspace()
        let backup = try workspace.exportBackup(from: try workspace.sampleStore("source.sqlite"))
        let restored = workspace.path("restored.sqlite")
        let output = try workspace.backupctl("import", "-", "--store", restored, stdin: try workspace.contents(backup))
        #expect(output.status == 0, "\(output.stderrText)")
        #expect(
            output.stdoutText.hasPrefix("Imported standard input (schema version 4) into \(restored), mode merge\n"))
        #expect(try workspace.exportedSections(restored) == (try workspace.sections(ofBackup: backup)))
    }

    @Test func jsonDocumentDescribesTheImport() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore("store.sqlite", seed: 1)
        let backup = try workspace.exportBackup(from: try workspace.sampleStore("other.sqlite", seed: 2))

        let output = try workspace.backupctl("import", backup, "--store", store, "--json")
        output.expectQuietSuccess()
        let document = try output.jsonObject()
        #expect(
            Set(document.keys) == [
                "ok", "command", "input", "schemaVersion", "store", "mode", "dryRun", "storeChanged", "migrations",
                "sections", "carried", "safetySnapshot", "undo", "seconds", "findingCounts", "findings", "warnings",
            ])
        #expect(document["ok"] as? Bool == true)
        #expect(document["input"] as? String == backup)
        #expect(document["schemaVersion"] as? Int == 4)
        #expect(document["store"] as? String == store)
        #expect(document["mode"] as? String == "merge")
        #expect(document["dryRun"] as? Bool == false)
        #expect(document["storeChanged"] as? Bool == true)
        #expect((document["migrations"] as? [Any])?.isEmpty == true, "the sample is already at the current version")
        #expect((document["seconds"] as? Double ?? -1) >= 0)
        let snapshot = try #require(document["safetySnapshot"] as? String)
        #expect(FileManager.default.fileExists(atPath: snapshot))
        #expect(document["undo"] as? String == "backupctl import \(snapshot) --mode replace --store \(store)")
        // The other sample's four unreadable records are carried and put back at the end of
        // their collections — but one, which the store holds already (both samples plant it).
        let carried = try #require(document["carried"] as? [String: [String: Int]])
        #expect(carried["unreadableRecords"] == ["restored": 3, "unchanged": 1, "kept": 0])
        // Both samples hold the same unknown key, with the same value.
        #expect(carried["storeKeys"] == ["added": 0, "replaced": 0, "unchanged": 1, "kept": 0])

        let sections = try #require(document["sections"] as? [[String: Any]])
        #expect(sections.compactMap { $0["name"] as? String } == Self.sectionNames)
        for section in sections {
            #expect(
                Set(section.keys) == [
                    "name", "present", "added", "merged", "unchanged", "duplicatesDropped",
                    "malformedSkipped", "removed",
                ])
            #expect(section["present"] as? Bool == true)
        }
        #expect(try Self.tallies(document)["trackedDomains"] == [41, 0, 0, 0, 0, 0], "two samples share no domain")
        let findings = try #require(document["findings"] as? [[String: Any]])
        #expect(!findings.isEmpty)
        for finding in findings {
            #expect(["warning", "note"].contains(finding["severity"] as? String), "errors refuse the import")
            #expect((finding["code"] as? String)?.isEmpty == false)
            #expect((finding["path"] as? String)?.isEmpty == false)
            #expect((finding["message"] as? String)?.isEmpty == false)
        }

        // Into a new store: the migrations that brought it to the current version, no snapshot.
        let fresh = try workspace.backupctl("import", backup, "--store", workspace.path("fresh.sqlite"), "--json")
        let freshDocument = try fresh.jsonObject()
        #expect(freshDocument["safetySnapshot"] == nil)
        let migrations = try #require(freshDocument["migrations"] as? [[String: Any]])
        #expect(migrations.compactMap { $0["version"] as? Int } == [1, 2, 3])
        #expect(migrations.compactMap { $0["fromVersion"] as? Int } == [0, 1, 2])
        #expect(migrations.allSatisfy { ($0["title"] as? String)?.isEmpty == false && $0["migrations"] is [Any] })
    }
}
