import Foundation
import TestSupport
import Testing

/// Encrypted backups under an `s3://` prefix: written, listed, pruned and imported as in a
/// directory. Only ciphertext is uploaded; a key that opens nothing is 77, as are refused
/// credentials, and nothing is written.
extension RemoteLocationTests {
    @Test func encryptedBackupsOverAPrefixAreListedPrunedAndImportedWithTheirKey() throws {
        let store = try workspace.sampleStore()
        let key = try workspace.ageKey()
        let stranger = try workspace.ageKey("stranger.txt")
        let dir = "s3://\(bucket)/sealed"
        var created: [String] = []
        for _ in 0..<2 {
            let backup = try workspace.backupctl(
                "backup", "--dir", dir, "--store", store, "--recipient", key.recipient, environment: environment())
            #expect(backup.status == 0, "\(backup.stderrText)")
            created += try backupNames("sealed/").filter { !created.contains($0) }
        }
        #expect(created.count == 2)
        let newest = "s3://\(bucket)/\(created.last!)"

        // Without the key, an object is not readable: validate says it is encrypted and exits 77.
        let unkeyed = try workspace.backupctl("validate", newest, environment: environment())
        #expect(unkeyed.status == 77, "\(unkeyed.stderrText)")
        #expect(unkeyed.stderrText.contains("encrypted"), "\(unkeyed.stderrText)")

        let list = try workspace.backupctl(
            "list", "--dir", dir, "--verify", "--identity", key.identityFile.path, "--json", environment: environment())
        #expect(list.status == 0, "\(list.stderrText)")
        let listed = try #require(try list.jsonObject()["backups"] as? [[String: Any]])
        #expect(listed.count == 2)
        #expect(
            listed.allSatisfy {
                $0["encrypted"] as? Bool == true && $0["contentsChecked"] as? Bool == true
                    && $0["health"] as? String == "good"
            }, "\(listed)")
        let strangers = try workspace.backupctl(
            "list", "--dir", dir, "--verify", "--identity", stranger.identityFile.path, environment: environment())
        #expect(strangers.status == 77, "\(strangers.stderrText)")
        #expect(strangers.stderrText.contains("do not open 2 encrypted backups in \(dir)"), "\(strangers.stderrText)")

        // Retention needs no key: the newest is checked as far as it can be without one, and
        // against the checksum object `backup` wrote beside it.
        let prune = try workspace.backupctl("prune", "--dir", dir, "--keep-last", "1", environment: environment())
        #expect(prune.status == 0, "\(prune.stderrText)")
        #expect(try backupNames("sealed/") == [created.last!])
        // Each backup's checksum object (ChecksumFile) went with it.
        let checksums = try moto.objects(in: bucket, prefix: "sealed/").map(\.key).filter { $0.hasSuffix(".sha256") }
        #expect(checksums == ["sealed/." + created.last!.dropFirst("sealed/".count) + ".sha256"])

        // The stranger's key opens nothing: 77, and no store appears.
        let refused = workspace.path("refused.sqlite")
        let wrongKey = try workspace.backupctl(
            "import", newest, "--store", refused, "--identity", stranger.identityFile.path, environment: environment())
        #expect(wrongKey.status == 77, "\(wrongKey.stderrText)")
        #expect(!FileManager.default.fileExists(atPath: refused))

        // With the key, the object restores what a local backup of the same store restores.
        let local = try workspace.exportEncrypted(from: store, to: "local.ddbackup", ["--recipient", key.recipient])
        for (backup, name) in [(newest, "from-remote.sqlite"), (local, "from-local.sqlite")] {
            let restore = try workspace.backupctl(
                "import", backup, "--store", workspace.path(name), "--identity", key.identityFile.path,
                environment: environment())
            #expect(restore.status == 0, "\(backup): \(restore.stderrText)")
        }
        #expect(
            try workspace.storeContentsWithoutJournal("from-remote.sqlite")
                == workspace.storeContentsWithoutJournal("from-local.sqlite"))
    }

    @Test func restoreDirOverAPrefixOfEncryptedBackupsNeedsTheNewestOnesKeyAndNeverFallsBack() throws {
        let store = try workspace.sampleStore()
        let key = try workspace.ageKey()
        let stranger = try workspace.ageKey("stranger.txt")
        let dir = "s3://\(bucket)/mixed"
        // An older plain backup, then a newer encrypted one: without its key, no fallback.
        var created: [String] = []
        for extra in [[], ["--recipient", key.recipient]] {
            let backup = try workspace.backupctl(
                arguments: ["backup", "--dir", dir, "--store", store] + extra, environment: environment())
            #expect(backup.status == 0, "\(backup.stderrText)")
            created += try backupNames("mixed/").filter { !created.contains($0) }
        }
        #expect(created.count == 2)
        for keys in [[], ["--identity", stranger.identityFile.path]] {
            let refused = workspace.path("refused.sqlite")
            let output = try workspace.backupctl(
                arguments: ["restore", "--dir", dir, "--store", refused] + keys, environment: environment())
            #expect(output.status == 77, "\(keys): \(output.stderrText)")
            #expect(output.stderrText.contains("encrypted"), "\(output.stderrText)")
            #expect(!FileManager.default.fileExists(atPath: refused))
        }
        let restored = workspace.path("restored.sqlite")
        let output = try workspace.backupctl(
            "restore", "--dir", dir, "--store", restored, "--identity", key.identityFile.path, "--json",
            environment: environment())
        #expect(output.status == 0, "\(output.stderrText)")
        let input = try #require(try output.jsonObject()["input"] as? String)
        #expect(input == "s3://\(bucket)/\(created.last!)")
        let local = workspace.path("local.sqlite")
        #expect(
            try workspace.backupctl(
                "import", input, "--store", local, "--identity", key.identityFile.path,
                environment: environment()
            ).status == 0)
        #expect(
            try workspace.storeContentsWithoutJournal("restored.sqlite")
                == workspace.storeContentsWithoutJournal("local.sqlite"))
    }
}
