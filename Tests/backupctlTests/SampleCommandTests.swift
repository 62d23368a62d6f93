import Foundation
import TestSupport
import Testing

/// `backupctl sample`: deterministic stores, never written over by accident, checked with
/// `sqlite3` and Python rather than with backupctl itself.
@Suite struct SampleCommandTests {
    /// The keys a sample store holds (design §3), and one a newer app wrote (`reminders.v2`).
    static let sampleKeys = [
        "app.preferences", "data.storeSchemaVersion", "domainAudits", "domainWorkflows", "lookupHistory",
        "monitoring.logs", "monitoring.settings", "purchase.cachedEntitlement", "recentSearches", "reminders.v2",
        "savedDomains", "trackedDomains", "usageCredits.ledger",
    ]

    @Test func sameSeedGivesIdenticalStores() throws {
        let workspace = try CommandWorkspace()
        let first = try workspace.sampleStore("first.sqlite", seed: 7)
        let second = try workspace.sampleStore("second.sqlite", seed: 7)
        let dump = try workspace.storeDump(first)
        #expect(dump.split(separator: "\n").map { String($0.split(separator: " ")[0]) } == Self.sampleKeys)
        #expect(try workspace.storeDump(second) == dump)
    }

    @Test func differentSeedsGiveDifferentStores() throws {
        let workspace = try CommandWorkspace()
        let seven = try workspace.storeDump(try workspace.sampleStore("seven.sqlite", seed: 7))
        let eight = try workspace.storeDump(try workspace.sampleStore("eight.sqlite", seed: 8))
        #expect(seven != eight)
        let changed = zip(seven.split(separator: "\n"), eight.split(separator: "\n")).filter { $0 != $1 }.map {
            $0.0.split(separator: " ")[0]
        }
        #expect(changed.contains("trackedDomains"))
        #expect(changed.contains("lookupHistory"))
    }

    @Test func printsWhatItWroteAndWhatItPlanted() throws {
        let workspace = try CommandWorkspace()
        let store = workspace.path("store.sqlite")
        let output = try workspace.backupctl("sample", "--store", store, "--seed", "3")
        output.expectQuietSuccess()
        #expect(output.stdoutText.hasPrefix("Wrote a small sample (seed 3) to \(store)\n"))
        #expect(output.stdoutText.contains("Planted on purpose:\n  - trackedDomains: "))
        for key in Self.sampleKeys { #expect(output.stdoutText.contains("  \(key) ")) }
    }

    @Test func printsOneJSONDocumentWithJSON() throws {
        let workspace = try CommandWorkspace()
        let store = workspace.path("store.sqlite")
        let output = try workspace.backupctl("sample", "--store", store, "--json")
        #expect(output.status == 0)
        let document = try output.jsonObject()
        #expect(document["ok"] as? Bool == true)
        #expect(document["store"] as? String == store)
        #expect(document["size"] as? String == "small")
        #expect(document["seed"] as? Int == 1)
        let keys = try #require(document["keys"] as? [[String: Any]])
        #expect(keys.compactMap { $0["key"] as? String } == Self.sampleKeys)
        #expect((document["planted"] as? [String])?.isEmpty == false)
    }

    @Test func refusesAStoreHoldingDataAndLeavesItByteIdentical() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore(seed: 1)
        let before = try workspace.contents(store)
        let namesBefore = try workspace.names()
        let output = try workspace.backupctl("sample", "--store", store, "--seed", "2")
        output.expectRefused(status: 73, saying: "error: The store at \(store) already holds 13 keys")
        #expect(
            output.stderrText.contains(
                "\nhint: Pass --force to replace the store's contents with the sample, or choose another --store.\n"))
        #expect(try workspace.contents(store) == before)
        #expect(try workspace.names() == namesBefore)
    }

    @Test func forceReplacesTheContents() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore(seed: 1)
        let replaced = try workspace.backupctl("sample", "--store", store, "--seed", "2", "--force", "--quiet")
        #expect(replaced.status == 0)
        #expect(replaced.stdout.isEmpty)
        let fresh = try workspace.sampleStore("fresh.sqlite", seed: 2)
        #expect(try workspace.storeDump(store) == workspace.storeDump(fresh))
    }

    @Test func writesAStoreThatSQLiteFindsIntact() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore(size: "small", seed: 5)
        let check = try workspace.run("sqlite3", store, "PRAGMA integrity_check")
        #expect(check.status == 0)
        #expect(check.stdoutText == "ok\n")
        let applicationID = try workspace.run("sqlite3", store, "PRAGMA application_id")
        #expect(applicationID.stdoutText == "\(0x4444_6742)\n")
    }

    @Test func createsTheStoreAndItsLockWithMode0600() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore()
        #expect(try workspace.permissions(store) == 0o600)
        #expect(try workspace.permissions(store + ".lock") == 0o600)
    }

    @Test func writesAPropertyListThatPythonReads() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore("store.plist")
        #expect(try workspace.permissions(store) == 0o600)
        let output = try workspace.python(
            """
            import json, plistlib, sys
            with open(sys.argv[1], 'rb') as file:
                values = plistlib.load(file)
            for key in sorted(values):
                value = values[key]
                if isinstance(value, bytes):
                    parsed = json.loads(value)
                    print(key, 'json', type(parsed).__name__, len(parsed))
                else:
                    print(key, type(value).__name__, value)
            """, store)
        #expect(output.status == 0, "\(output.stderrText)")
        let lines = output.stdoutText.split(separator: "\n").map(String.init)
        #expect(lines.map { String($0.split(separator: " ")[0]) } == Self.sampleKeys)
        #expect(lines.contains("data.storeSchemaVersion int 3"))
        #expect(lines.contains { $0.hasPrefix("trackedDomains json list ") })
        #expect(lines.contains { $0.hasPrefix("lookupHistory json list ") })
        #expect(lines.contains { $0.hasPrefix("monitoring.settings json dict ") })
        #expect(lines.filter { $0.contains(" json ") }.count == Self.sampleKeys.count - 1)
    }

    @Test func aSecondWriterIsToldTheStoreIsBusy() throws {
        let workspace = try CommandWorkspace()
        let store = workspace.path("store.sqlite")
        // Python holds the store's writer lock while backupctl tries to write.
        let output = try workspace.python(
            """
            import fcntl, subprocess, sys
            with open(sys.argv[2] + '.lock', 'a') as lock:
                fcntl.flock(lock, fcntl.LOCK_EX)
                result = subprocess.run([sys.argv[1], 'sample', '--store', sys.argv[2]], capture_output=True, text=True)
            print(result.returncode)
            sys.stdout.write(result.stderr)
            """, BuildProducts.backupctl.path, store)
        #expect(output.status == 0, "\(output.stderrText)")
        #expect(output.stdoutText.hasPrefix("75\nerror: "))
        #expect(output.stdoutText.contains("try again later"))
        #expect(try workspace.names() == ["store.sqlite.lock"])
    }

    @Test(arguments: [
        (["sample"], "error: missing required option '--store <path>'"),
        (["sample", "--store", "s.sqlite", "--seed", "-1"], "error: --seed must be zero or positive, not -1"),
        (
            ["sample", "--store", "s.sqlite", "--size", "huge"],
            "error: invalid value 'huge' for --size: expected one of small, medium, large"
        ),
    ])
    func rejectsABadCommandLineAndWritesNothing(arguments: [String], message: String) throws {
        let workspace = try CommandWorkspace()
        let output = try workspace.backupctl(arguments: arguments)
        output.expectRefused(status: 64, saying: message)
        #expect(output.stderrText.contains("Usage: backupctl sample --store <path>"))
        #expect(try workspace.names().isEmpty)
    }
}
