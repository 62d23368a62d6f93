import Foundation
import TestSupport
import Testing

/// `restore --dir s3://bucket/prefix` does what `restore --dir DIR` does (RestoreCommandTests):
/// the newest backup under the prefix that verifies in full, damaged ones skipped and named.
extension RemoteLocationTests {
    /// RestoreCommandTests' three backups (three sample stores, 21:00, 22:00 and 23:00 UTC),
    /// made in a local folder, the newest damaged past its manifest when `damagingNewest` (its
    /// quick check passes, full verification does not), then uploaded under `prefix/`.
    /// - Returns: the local folder, whose files are the objects' bytes.
    func uploadBackups(under prefix: String, damagingNewest: Bool, count: Int = 3) throws -> String {
        for (index, time) in RestoreCommandTests.times.prefix(count).enumerated() {
            let store = try workspace.sampleStore("source-\(index + 1).sqlite", seed: index + 1)
            let run = try workspace.backupctl(
                "backup", "--dir", "backups", "--store", store, "--quiet", environment: ["BACKUPCTL_TEST_NOW": time])
            try #require(run.status == 0, "\(run.stderrText)")
        }
        let names = Array(RestoreCommandTests.names.prefix(count))
        if damagingNewest {
            let newest = workspace.path("backups/" + names.last!)
            let damaged = try workspace.damagedBackup(from: newest, .checksumMismatch)
            try FileManager.default.removeItem(atPath: newest)
            try FileManager.default.moveItem(atPath: damaged, toPath: newest)
        }
        for name in names {
            try moto.put(fileAt: workspace.path("backups/" + name), at: "\(prefix)/\(name)", in: bucket)
        }
        return workspace.path("backups")
    }

    @Test func restoreDirTakesTheNewestObjectThatVerifiesAndSkipsADamagedOne() throws {
        let local = try uploadBackups(under: "daily", damagingNewest: true)
        let names = RestoreCommandTests.names
        let restored = workspace.path("restored.sqlite")
        let run = try workspace.backupctl(
            "restore", "--dir", "s3://\(bucket)/daily", "--store", restored, "--json", environment: environment())
        #expect(run.status == 0, "\(run.stderrText)")
        #expect(run.stderrText.hasPrefix("warning: skipped \(names[2]): it did not verify: "), "\(run.stderrText)")
        let document = try run.jsonObject()
        #expect(document["directory"] as? String == "s3://\(bucket)/daily")
        #expect(document["input"] as? String == "s3://\(bucket)/daily/\(names[1])")
        let skipped = try #require(document["skipped"] as? [[String: Any]])
        #expect(skipped.map { $0["name"] as? String } == [names[2]])
        #expect(skipped.first?["health"] as? String == "damaged")
        let warnings = document["warnings"] as? [[String: Any]] ?? []
        #expect(warnings.map { $0["file"] as? String } == [names[2]])
        #expect(try JSONOutputTests.schemaProblems([run.stdout]) == [])
        // The older backup's sections, exactly; the damaged object is left as it was.
        #expect(
            try workspace.exportedSections(restored, digests: true)
                == workspace.sections(ofBackup: local + "/" + names[1], digests: true))
        #expect(try backupNames("daily/") == names.map { "daily/" + $0 })

        let text = try workspace.backupctl(
            "restore", "--dir", "s3://\(bucket)/daily", "--store", workspace.path("text.sqlite"),
            environment: environment())
        #expect(text.status == 0, "\(text.stderrText)")
        #expect(
            text.stdoutText.hasPrefix(
                "Restoring \(names[1]), made 2026-01-18T22:00:00Z: the newest backup in s3://\(bucket)/daily "),
            "\(text.stdoutText)")
    }

    @Test func restoreDirWithNoObjectThatVerifiesExits66AndWritesNothing() throws {
        _ = try uploadBackups(under: "one", damagingNewest: true, count: 1)
        let restored = workspace.path("restored.sqlite")
        let damaged = try workspace.backupctl(
            "restore", "--dir", "s3://\(bucket)/one", "--store", restored, "--json", environment: environment())
        #expect(damaged.status == 66, "\(damaged.stderrText)")
        let document = try damaged.jsonObject()
        #expect((document["error"] as? String)?.contains(RestoreCommandTests.names[0]) == true)
        #expect(try JSONOutputTests.schemaProblems([damaged.stdout]) == [])

        let empty = try workspace.backupctl(
            "restore", "--dir", "s3://\(bucket)/nothing", "--store", restored, environment: environment())
        #expect(empty.status == 66)
        #expect(empty.stderrText.contains("No backups in s3://\(bucket)/nothing."), "\(empty.stderrText)")
        #expect(!FileManager.default.fileExists(atPath: restored))
    }

    @Test func restoreDirDownloadsEachObjectItReadsOnceAndImportsTheVerifiedDownload() throws {
        _ = try uploadBackups(under: "once", damagingNewest: true)
        let proxy = try FaultProxy(upstreamPort: moto.port)
        let run = try workspace.backupctl(
            "restore", "--dir", "s3://\(bucket)/once", "--store", workspace.path("restored.sqlite"),
            environment: environment(proxy))
        #expect(run.status == 0, "\(run.stderrText)")
        let downloads = try proxy.requests().filter { $0.method == "GET" && $0.path.hasSuffix(".ddbackup") }
        // Newest first: the damaged one, then the one restored — verified and imported from one
        // download. The oldest is never read.
        let names = RestoreCommandTests.names
        #expect(downloads.map(\.path) == ["/\(bucket)/once/\(names[2])", "/\(bucket)/once/\(names[1])"])
    }
}
