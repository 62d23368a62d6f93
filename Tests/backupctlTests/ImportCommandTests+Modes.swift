import Foundation
import TestSupport
import Testing

/// `backupctl import --mode merge|replace` and `--dry-run` on hand-made stores and backups
/// (written by Python), where every count can be worked out by hand, and a version 1 backup.
extension ImportCommandTests {
    /// A record the store cannot read (no id): a merge must keep its bytes.
    static let unreadable = #"{"domain":"no-id.example",  "addedAt":"2025-01-01T00:00:00Z"}"#

    /// A store with three tracked domains, an unreadable one, an audit still running and a
    /// recent entitlement.
    func handMadeStore(in workspace: CommandWorkspace) throws -> String {
        try workspace.writeStore(
            "store.sqlite",
            blobs: [
                "trackedDomains":
                    "[\(Self.tracked(1, "same.com")),\(Self.tracked(2, "grows.com")),\(Self.tracked(3, "store-only.com")),\(Self.unreadable)]",
                "domainAudits":
                    #"[{"id":"\#(Self.id(7))","domain":"same.com","startedAt":"2025-03-01T00:00:00Z","status":"running"}]"#,
                "purchase.cachedEntitlement":
                    #"{"productId":"com.domaindig.pro","tier":"pro","verifiedAt":"2025-05-01T00:00:00Z"}"#,
            ], schemaVersion: 3)
    }

    /// A backup with one unchanged, one grown, one new domain and a duplicate of it; the audit
    /// completed; an older entitlement.
    func handMadeBackup(in workspace: CommandWorkspace) throws -> String {
        try workspace.craftBackup(
            "hand-made.ddbackup",
            sections: [
                "trackedDomains": """
                [\(Self.tracked(1, "same.com")),\(Self.tracked(2, "grows.com", #""tags":["renewal"]"#)),\
                \(Self.tracked(4, "new.com")),\(Self.tracked(5, "NEW.com."))]
                """,
                "domainAudits":
                    #"[{"id":"\#(Self.id(7))","domain":"same.com","startedAt":"2025-03-01T00:00:00Z","status":"completed","completedAt":"2025-03-01T00:10:00Z","score":80}]"#,
                "entitlement": #"{"productId":"com.domaindig.free","tier":"free","verifiedAt":"2025-01-01T00:00:00Z"}"#,
            ])
    }

    @Test(arguments: [
        (
            "merge",
            [
                "trackedDomains": [1, 1, 1, 1, 0, 0], "domainAudits": [0, 1, 0, 0, 0, 0],
                "entitlement": [0, 0, 1, 0, 0, 0],
                "monitoringSettings": [1, 0, 0, 0, 0, 0], "appSettings": [1, 0, 0, 0, 0, 0],
            ]
        ),
        (
            "replace",
            [
                "trackedDomains": [1, 1, 1, 1, 0, 2], "domainAudits": [0, 1, 0, 0, 0, 0],
                "entitlement": [0, 1, 0, 0, 0, 0],
                "monitoringSettings": [1, 0, 0, 0, 0, 0], "appSettings": [1, 0, 0, 0, 0, 0],
            ]
        ),
    ])
    func dryRunCountsEachKindOfRecordAndWritesNothing(mode: String, expected: [String: [Int]]) throws {
        let workspace = try CommandWorkspace()
        let store = try handMadeStore(in: workspace)
        let backup = try handMadeBackup(in: workspace)
        let before = try workspace.storeDump(store)
        let names = try workspace.names()

        let output = try workspace.backupctl("import", backup, "--store", store, "--mode", mode, "--dry-run", "--json")
        #expect(output.status == 0, "\(output.stderrText)")
        var all = Dictionary(uniqueKeysWithValues: Self.sectionNames.map { ($0, [0, 0, 0, 0, 0, 0]) })
        all.merge(expected) { $1 }
        #expect(try Self.tallies(try output.jsonObject()) == all)
        #expect(try workspace.storeDump(store) == before)
        #expect(try workspace.names() == (names + ["store.sqlite.lock"]).sorted(), "no snapshot, only the lock file")

        // The human table says the same.
        let text = try workspace.backupctl("import", backup, "--store", store, "--mode", mode, "--dry-run")
        #expect(
            text.stdoutText.contains("  section             added  merged  unchanged  duplicates  malformed  removed\n")
        )
        let row =
            mode == "merge"
            ? "  trackedDomains          1       1          1           1          0        0\n"
            : "  trackedDomains          1       1          1           1          0        2\n"
        #expect(text.stdoutText.contains(row), "\(text.stdoutText)")
        #expect(text.stdoutText.contains("Dry run: nothing was written.\n"))
    }

    @Test func mergeKeepsTheStoresUnreadableRecordsAndReplaceDropsThem() throws {
        let workspace = try CommandWorkspace()
        let store = try handMadeStore(in: workspace)
        let backup = try handMadeBackup(in: workspace)
        let blob = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            sys.stdout.write(db.execute("SELECT value FROM entries WHERE key = 'trackedDomains'").fetchone()[0].decode())
            """

        let merge = try workspace.backupctl("import", backup, "--store", store, "--no-safety-snapshot")
        #expect(merge.status == 0, "\(merge.stderrText)")
        let merged = try workspace.python(blob, store).stdoutText
        #expect(merged.hasSuffix(",\(Self.unreadable)]"), "kept byte for byte: \(merged)")
        let domains = try workspace.sections(
            ofBackup: try workspace.exportBackup(from: store, to: "after-merge.ddbackup"))
        #expect(domains["trackedDomains"]?.contains("store-only.com") == true)

        let replace = try workspace.backupctl(
            "import", backup, "--store", store, "--mode", "replace", "--no-safety-snapshot")
        #expect(replace.status == 0, "\(replace.stderrText)")
        let replaced = try workspace.python(blob, store).stdoutText
        #expect(!replaced.contains("no-id.example"))
        #expect(!replaced.contains("store-only.com"))
    }

    @Test func replaceWithAVersion1BackupLeavesTheSectionsItLacksAlone() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore("store.sqlite", seed: 1)
        let before = try workspace.exportedSections(store)
        let backup = workspace.path("domaindig-1.4.json")
        try LegacyBackupSample.version1.write(to: URL(fileURLWithPath: backup))

        let output = try workspace.backupctl("import", backup, "--store", store, "--mode", "replace")
        #expect(output.status == 0, "\(output.stderrText)")
        #expect(output.stdoutText.hasPrefix("Imported \(backup) (schema version 1) into \(store), mode replace\n"))
        for name in [
            "domainAudits", "domainWorkflows", "monitoringSettings", "monitoringLogs", "entitlement", "usageCredits",
        ] {
            #expect(
                output.stdoutText.split(separator: "\n").first { $0.hasPrefix("  \(name) ") }?.hasSuffix(
                    "not in backup") == true, "\(name)")
        }

        let after = try workspace.exportedSections(store)
        for name in [
            "domainAudits", "domainWorkflows", "monitoringSettings", "monitoringLogs", "entitlement", "usageCredits",
        ] {
            #expect(after[name] == before[name], "\(name) is not in a version 1 backup, so replace leaves it alone")
        }
        let tracked = try #require(
            try JSONSerialization.jsonObject(with: Data((after["trackedDomains"] ?? "").utf8)) as? [[String: Any]])
        #expect(tracked.compactMap { $0["domain"] as? String } == ["example.com"])
        #expect(tracked.first?["notes"] as? String == "from v1")
        let history = try #require(
            try JSONSerialization.jsonObject(with: Data((after["lookupHistory"] ?? "").utf8)) as? [[String: Any]])
        #expect(history.compactMap { $0["id"] as? String } == [Self.id(5)])
        #expect(after["appSettings"]?.contains(#""savedDomains":["acme.io"]"#) == true)
    }
}
