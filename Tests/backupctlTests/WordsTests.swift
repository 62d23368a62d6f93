import Foundation
import TestSupport
import Testing

/// Item 4 of issue 19: counts in words ("1 error", "2 errors"), byte sizes in one human style
/// in text and exact in JSON, an empty backup directory said in words, and `status` naming
/// `backupctl migrate`.
@Suite struct WordsTests {
    /// Every `1 <noun>s` in `text`: a count of one with a plural noun (`1 errors`, `1 good
    /// backups`). Words that only look plural are not nouns after a count.
    static func pluralsAfterOne(in text: String) -> [String] {
        let notPlurals: Set<Substring> = ["is", "was", "has", "does", "as", "its", "this"]
        // "version 1 backups" are backups of version 1, not a count.
        let text = text.replacingOccurrences(of: "version 1 ", with: "version one ")
        return text.matches(of: #/(?:^|[^\w.,:\-\/])(?<phrase>1 (?:good )?(?<noun>[a-z]+))\b/#).compactMap { match in
            let noun = match.output.noun
            return noun.hasSuffix("s") && !notPlurals.contains(noun) ? String(match.output.phrase) : nil
        }
    }

    @Test func theScanFindsWhatItLooksFor() {
        #expect(Self.pluralsAfterOne(in: "Validated b: 1 errors, 1 warning, 11 notes") == ["1 errors"])
        #expect(Self.pluralsAfterOne(in: "1 good backups, 1 problem.") == ["1 good backups"])
        #expect(Self.pluralsAfterOne(in: "version 1 was read; 2.1 MB; 21 records; v1 steps") == [])
        #expect(Self.pluralsAfterOne(in: "the schema of version 1 backups") == [])
    }

    static let trackedDomain =
        #"{"id": "7f3c1e2a-0b4d-4e5f-8a9b-0c1d2e3f4a5b", "domain": "example.com", "addedAt": "2026-01-01T00:00:00Z""#

    /// A store holding one tracked domain and one record without an id (one problem export
    /// works around).
    private func storeWithOneProblem(_ workspace: CommandWorkspace) throws -> String {
        try workspace.writeStore(
            "one.sqlite",
            blobs: [
                "trackedDomains":
                    "[\(Self.trackedDomain)}, {\"domain\": \"no-id.example.net\", \"addedAt\": \"2026-01-03T00:00:00Z\"}]"
            ], schemaVersion: 3)
    }

    @Test func countsOfOneAreSingularInEveryCommandsOutput() throws {
        let workspace = try CommandWorkspace()
        try workspace.prepareJSONOutputRuns()
        var outputs: [(run: String, text: String)] = []
        func record(_ run: ProcessOutput, _ arguments: [String]) {
            outputs.append((arguments.joined(separator: " "), run.stdoutText + run.stderrText))
        }
        // Every run of every command the JSON tests make, in words this time.
        for scenario in JSONOutputScenarios.byCommand.values.joined() where !scenario.documentOnStandardError {
            let holder = try scenario.heldLock.map { try LockHoldingProcess(lockFile: workspace.directory.file($0)) }
            record(try workspace.backupctl(arguments: scenario.arguments), scenario.arguments)
            holder?.release()
        }
        // Runs where counts are one.
        let one = try storeWithOneProblem(workspace)
        // A version 3 backup (crafted as one) of one good tracked domain: one note, that it
        // is read as a version 4 backup.
        _ = try workspace.craftBackup("note.ddbackup", sections: ["trackedDomains": "[\(Self.trackedDomain)}]"])
        let oneOfEach: [[String]] = [
            ["export", "--store", one, "-o", "one.ddbackup"],
            ["validate", "note.ddbackup"],
            ["import", "note.ddbackup", "--store", "fresh-one.sqlite"],
            ["backup", "--dir", "single", "--store", one],
            ["list", "--dir", "damaged", "--verify"],
            ["restore", "--dir", "damaged", "--store", "fresh-two.sqlite"],
            ["restore", "--dir", "broken", "--store", "fresh-two.sqlite"],
            ["validate", "invalidRecord.ddbackup"],
            ["import", "invalidRecord.ddbackup", "--store", "store.sqlite"],
            ["upgrade", "invalidRecord.ddbackup", "-o", "x.ddbackup"],
            [
                "sample", "--store",
                try workspace.writeStore("key.sqlite", blobs: ["recentSearches": "[]"], schemaVersion: nil),
            ],
        ]
        for arguments in oneOfEach { record(try workspace.backupctl(arguments: arguments), arguments) }
        // A directory with one good backup and one problem; a prune removing one backup.
        try FileManager.default.copyItem(atPath: workspace.path("broken"), toPath: workspace.path("one-good"))
        try FileManager.default.copyItem(
            atPath: workspace.path("b.ddbackup"), toPath: workspace.path("one-good/domaindig-20260101T000000Z.ddbackup")
        )
        record(try workspace.backupctl("list", "--dir", "one-good", "--verify"), ["list one-good"])
        // A directory with one encrypted backup, listed without a key and with one that does not open it.
        try FileManager.default.createDirectory(
            atPath: workspace.path("one-encrypted"), withIntermediateDirectories: false)
        try FileManager.default.copyItem(
            atPath: workspace.path("encrypted.ddbackup"),
            toPath: workspace.path("one-encrypted/domaindig-20260101T000000Z.ddbackup"))
        for keys in [[], ["--verify", "--identity", "stranger.txt"]] {
            let arguments = ["list", "--dir", "one-encrypted"] + keys
            record(try workspace.backupctl(arguments: arguments), arguments)
        }
        let prune = try workspace.backupctlOnTerminal("prune", "--dir", "backups", "--keep-last", "1", typed: "y\n")
        record(prune, ["prune on a terminal"])

        let texts = outputs.map(\.text).joined(separator: "\n")
        for expected in [
            "1 problem in the store was worked around", "0 errors, 0 warnings, 1 note", "1 error, ",
            "1 good backup, 1 problem.", "removes 1 backup, which", "already holds 1 key;", "skipped 1 backup: ",
            "has 1 validation error", "Remove it? [y/N]", "Validation: 0 warnings, 1 note",
            "Encrypted with age for 1 recipient.", "1 encrypted backup, 1 checked without a key.",
            "do not open 1 encrypted backup in ", "so its contents were not checked",
        ] {
            #expect(texts.contains(expected), "no output says '\(expected)'")
        }
        for (run, text) in outputs {
            #expect(Self.pluralsAfterOne(in: text) == [], "backupctl \(run)")
        }
    }

    @Test func textShowsSizesInDecimalUnitsAndJSONExactBytes() throws {
        let workspace = try CommandWorkspace()
        try workspace.prepareJSONOutputRuns()
        let list = try workspace.backupctl("list", "--dir", "backups")
        let document = try workspace.backupctl("list", "--dir", "backups", "--json").jsonObject()
        let entries = try #require(document["backups"] as? [[String: Any]])
        for entry in entries {
            let name = try #require(entry["name"] as? String)
            let bytes = try #require(entry["bytes"] as? Int)
            #expect(bytes == (try workspace.contents("backups/" + name).count))
            let row = try #require(list.stdoutText.split(separator: "\n").first { $0.hasPrefix("  " + name) })
            #expect(row.contains("  \(HumanText.bytes(bytes))  "), "\(row)")
        }
        // The same style wherever text gives a size.
        let sizes = #/\d+(\.\d)? (B|KB|MB|GB)\b/#
        let status = try workspace.backupctl("status", "--store", "store.sqlite")
        let export = try workspace.backupctl("export", "--store", "store.sqlite", "-o", "again.ddbackup")
        let inspect = try workspace.backupctl("inspect", "b.ddbackup")
        for (name, output) in [("status", status), ("export", export), ("inspect", inspect)] {
            let tableRows = output.stdoutText.split(separator: "\n").filter { $0.hasPrefix("  trackedDomains") }
            #expect(!tableRows.isEmpty && tableRows.allSatisfy { $0.contains(sizes) }, "\(name): \(tableRows)")
        }
    }

    @Test func anEmptyBackupDirectorySaysSo() throws {
        let workspace = try CommandWorkspace()
        try FileManager.default.createDirectory(atPath: workspace.path("empty"), withIntermediateDirectories: false)
        let list = try workspace.backupctl("list", "--dir", "empty")
        #expect(list.status == 0)
        #expect(list.stdoutText == "No backups in \(workspace.path("empty")).\n")
        let prune = try workspace.backupctl("prune", "--dir", "empty", "--keep-last", "1")
        #expect(prune.status == 0)
        #expect(prune.stdoutText == "No backups in \(workspace.path("empty")).\n")
    }

    @Test func statusTellsToRunMigrateWhenStepsArePending() throws {
        let workspace = try CommandWorkspace()
        let old = try workspace.storeFixture("v1", as: "old store.sqlite")
        let status = try workspace.backupctl("status", "--store", old)
        #expect(status.status == 0)
        #expect(
            status.stdoutText.contains(
                "Run `backupctl migrate --store '\(old)'` to apply them (an import applies them too).\n"))
        let migrated = try workspace.backupctl("migrate", "--store", old, "--quiet")
        #expect(migrated.status == 0)
        #expect(!(try workspace.backupctl("status", "--store", old)).stdoutText.contains("backupctl migrate"))
    }
}
