import Foundation
import TestSupport
import Testing

/// `backupctl status` on copies of the store fixtures (Tests/Fixtures/Stores).
@Suite struct StatusCommandTests {
    struct Case: Sendable, CustomStringConvertible {
        var fixture: String
        var version: Int
        var pending: [Int]
        var marker = false
        var newer = false
        var description: String { fixture }
    }

    static let cases = [
        Case(fixture: "v0", version: 0, pending: [1, 2, 3]),
        Case(fixture: "v0-marker", version: 1, pending: [2, 3], marker: true),
        Case(fixture: "v1", version: 1, pending: [2, 3]),
        Case(fixture: "v2", version: 2, pending: [3]),
        Case(fixture: "v3", version: 3, pending: []),
        Case(fixture: "empty", version: 0, pending: [1, 2, 3]),
        Case(fixture: "newer", version: 99, pending: [], newer: true),
    ]

    @Test(arguments: cases)
    func printsTheVersionAndThePendingSteps(expected: Case) throws {
        let folder = try TemporaryDirectory()
        let store = try copyStoreFixture(expected.fixture, into: folder)
        let before = try Data(contentsOf: store)
        let run = try backupctl("status", "--store", store.path)
        #expect(run.status == 0, "\(run.stderrText)")
        let text = run.stdoutText
        let marker = expected.marker ? " (pre-versioning marker set)" : ""
        #expect(text.contains("Schema version: \(expected.version)\(marker); this build: 3\n"), "\(text)")
        if expected.newer {
            #expect(text.contains("written by a newer build"))
            #expect(!text.contains("Pending migrations"))
        } else if expected.pending.isEmpty {
            #expect(text.contains("Pending migrations: none"))
        } else {
            #expect(text.contains("Pending migrations:\n"))
        }
        let titles = [
            1: "Tracked domains under one key, normalised: ", 2: "Preferences in one blob: ", 3: "Typed DNS records",
        ]
        for (version, title) in titles {
            #expect(
                text.contains("\n  v\(version) \(title)") == expected.pending.contains(version),
                "v\(version) in:\n\(text)")
        }
        // status only reads: the store is untouched and no lock file is left beside it.
        #expect(try Data(contentsOf: store) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [store.lastPathComponent])
    }

    @Test(arguments: cases)
    func jsonSaysTheSame(expected: Case) throws {
        let folder = try TemporaryDirectory()
        let store = try copyStoreFixture(expected.fixture, into: folder)
        let run = try backupctl("status", "--store", store.path, "--json")
        #expect(run.status == 0, "\(run.stderrText)")
        let status = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
        #expect(status["storeSchemaVersion"] as? Int == expected.version)
        #expect(status["supportedVersion"] as? Int == 3)
        #expect(status["newerThanThisBuild"] as? Bool == expected.newer)
        #expect(status["preVersioningMarker"] as? Bool == expected.marker)
        let pending = try #require(status["pending"] as? [[String: Any]])
        #expect(pending.map { $0["version"] as? Int } == expected.pending.map(Optional.some))
    }

    @Test func journalIsShownAfterAMigration() throws {
        let folder = try TemporaryDirectory()
        let store = try copyStoreFixture("v0-marker", into: folder)
        #expect(try backupctl("migrate", "--store", store.path).status == 0)
        let run = try backupctl("status", "--store", store.path, "--json")
        let status = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
        #expect(status["storeSchemaVersion"] as? Int == 3)
        let journal = try #require(status["journal"] as? [[String: Any]])
        #expect(journal.map { $0["step"] as? Int } == [2, 3])
        #expect(journal.map { $0["fromVersion"] as? Int } == [1, 2])
        let text = try backupctl("status", "--store", store.path).stdoutText
        #expect(text.contains("Pending migrations: none") && text.contains("Applied:"))
    }
}
