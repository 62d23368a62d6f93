import Foundation
import TestSupport
import Testing

/// `backup`, `list` and `prune` over a directory of encrypted backups: made with only the
/// public key, checked without it, verified in full with it, kept and removed like any other.
extension EncryptionCommandTests {
    /// Standard output's lines with runs of spaces collapsed.
    private func lines(_ output: ProcessOutput) -> [String] {
        output.stdoutText.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
    }

    @Test func scheduledBackupsNeedOnlyThePublicKey() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore()
        let key = try workspace.ageKey()
        for _ in 0..<3 {
            let run = try workspace.backupctl(
                "backup", "--dir", "backups", "--store", store, "--recipient", key.recipient, "--keep-last", "2",
                "--json")
            #expect(run.status == 0, "\(run.stderrText)")
            let document = try run.jsonObject()
            #expect(document["encrypted"] as? Bool == true)
            #expect(document["readBack"] as? String == "without-key")
        }
        let names = try ScheduleTestSupport.backupNames(in: workspace.path("backups"))
        #expect(names.count == 2, "retention keeps the last two, encrypted like any other")
        for name in names {
            #expect(try workspace.contents("backups/" + name).starts(with: Data("age-encryption.org/v1\n".utf8)))
        }

        let quick = try workspace.backupctl("list", "--dir", "backups")
        #expect(quick.status == 0)
        #expect(lines(quick).dropFirst().prefix(2).allSatisfy { $0.hasSuffix(" age - ok (without key)") })

        let full = try workspace.backupctl("list", "--dir", "backups", "--verify", "--identity", key.identityFile.path)
        #expect(full.status == 0, "\(full.stderrText)")
        #expect(lines(full).dropFirst().prefix(2).allSatisfy { $0.hasSuffix(" age 423 verified") })

        let stranger = try workspace.ageKey("stranger.txt")
        let locked = try workspace.backupctl(
            "list", "--dir", "backups", "--verify", "--identity", stranger.identityFile.path)
        #expect(locked.status == 77)
        #expect(locked.stderrText.contains("2 encrypted backups in "))
    }

    /// A key given that opens none of the backups: `list` cannot make the check asked for, so it
    /// calls none of them good — not in its summary, its table or `--json` — and exits 77.
    /// Without a key, the same backups are good as far as can be told without one (exit 0).
    @Test func listWithAKeyThatOpensNoBackupCountsThemNotCheckedRatherThanGood() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore()
        let key = try workspace.ageKey()
        for _ in 0..<2 {
            let run = try workspace.backupctl(
                "backup", "--dir", "backups", "--store", store, "--recipient", key.recipient)
            #expect(run.status == 0, "\(run.stderrText)")
        }
        let stranger = try workspace.ageKey("stranger.txt")
        let locked = try workspace.backupctl(
            "list", "--dir", "backups", "--verify", "--identity", stranger.identityFile.path)
        #expect(locked.status == 77)
        #expect(
            lines(locked).dropFirst().prefix(2).allSatisfy { $0.hasSuffix(" age - NOT CHECKED") },
            "\(locked.stdoutText)")
        #expect(
            lines(locked).last
                == "0 good backups, 0 problems, 2 not checked. 2 encrypted backups, 2 not opened by the keys given.")
        #expect(!locked.stdoutText.contains("2 good backups"))
        #expect(locked.stderrText.contains("so their contents were not checked"))

        let lockedJSON = try workspace.backupctl(
            "list", "--dir", "backups", "--verify", "--identity", stranger.identityFile.path, "--json")
        #expect(lockedJSON.status == 77)
        let counts = try #require(try lockedJSON.jsonObject()["counts"] as? [String: Int])
        #expect(counts == ["good": 0, "problems": 0, "notChecked": 2, "encrypted": 2, "checkedWithoutKey": 0])
        #expect(try JSONOutputTests.schemaProblems([Data(lockedJSON.stdoutText.utf8)]) == [])

        let withoutKey = try workspace.backupctl("list", "--dir", "backups", "--verify")
        #expect(withoutKey.status == 0, "\(withoutKey.stderrText)")
        #expect(lines(withoutKey).last == "2 good backups, 0 problems. 2 encrypted backups, 2 checked without a key.")
        let withoutKeyJSON = try workspace.backupctl("list", "--dir", "backups", "--verify", "--json")
        #expect(
            try withoutKeyJSON.jsonObject()["counts"] as? [String: Int]
                == ["good": 2, "problems": 0, "notChecked": 0, "encrypted": 2, "checkedWithoutKey": 2])
        #expect(try JSONOutputTests.schemaProblems([Data(withoutKeyJSON.stdoutText.utf8)]) == [])

        let opened = try workspace.backupctl(
            "list", "--dir", "backups", "--verify", "--identity", key.identityFile.path, "--json")
        #expect(opened.status == 0, "\(opened.stderrText)")
        #expect(
            try opened.jsonObject()["counts"] as? [String: Int]
                == ["good": 2, "problems": 0, "notChecked": 0, "encrypted": 2, "checkedWithoutKey": 0])
    }

    @Test func aPassphraseBackupIsReadBackInFull() throws {
        let workspace = try CommandWorkspace()
        let passphrase = try workspace.passphraseFile("scheduled")
        let run = try workspace.backupctl(
            "backup", "--dir", "backups", "--store", try workspace.sampleStore(), "--passphrase-file", passphrase,
            "--json")
        #expect(run.status == 0, "\(run.stderrText)")
        #expect(try run.jsonObject()["readBack"] as? String == "full")
        let list = try workspace.backupctl("list", "--dir", "backups", "--verify", "--passphrase-file", passphrase)
        #expect(list.status == 0)
        #expect(lines(list)[1].hasSuffix(" age 423 verified"))
    }

    @Test func damagedEncryptedBackupsAreFoundWithOrWithoutTheKey() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore()
        let key = try workspace.ageKey()
        for _ in 0..<2 {
            let run = try workspace.backupctl(
                "backup", "--dir", "backups", "--store", store, "--recipient", key.recipient)
            #expect(run.status == 0, "\(run.stderrText)")
        }
        // Oldest first, as `list` orders them (two backups of one second sort by their -N suffix).
        let listed = try #require(
            try workspace.backupctl("list", "--dir", "backups", "--json").jsonObject()["backups"] as? [[String: Any]])
        let names = listed.compactMap { $0["name"] as? String }
        // One altered inside its last chunk: only the key can tell.
        let altered = workspace.path("backups/" + names[0])
        var bytes = [UInt8](try workspace.contents(altered))
        bytes[bytes.count - 5] ^= 0x01
        try Data(bytes).write(to: URL(fileURLWithPath: altered))
        // One cut inside its final chunk's tag: a length no age file has gives it away without
        // the key. (A cut elsewhere inside the final chunk leaves a possible length: only the
        // key, or the SHA-256 `backup` records while writing, can tell.)
        let cut = workspace.path("backups/" + names[1])
        let (_, chunksStart) = try workspace.ageLayout(cut)
        try Data(try workspace.contents(cut).prefix(chunksStart + 10)).write(to: URL(fileURLWithPath: cut))

        let quick = try workspace.backupctl("list", "--dir", "backups", "--json")
        #expect(quick.status == 65)
        let entries = try #require(try quick.jsonObject()["backups"] as? [[String: Any]])
        #expect(entries.map { $0["health"] as? String } == ["good", "damaged"])
        #expect(entries.allSatisfy { $0["encrypted"] as? Bool == true && $0["contentsChecked"] as? Bool == false })

        let full = try workspace.backupctl(
            "list", "--dir", "backups", "--verify", "--identity", key.identityFile.path, "--json")
        #expect(full.status == 65)
        let verified = try #require(try full.jsonObject()["backups"] as? [[String: Any]])
        #expect(verified.map { $0["health"] as? String } == ["damaged", "damaged"])
        #expect((verified[0]["problem"] as? String)?.contains("fails authentication") == true)

        // Retention, which runs without the key, never counts the cut one and never removes it; the
        // altered one looks sound without the key, so it ages out like any older backup.
        let next = try workspace.backupctl(
            "backup", "--dir", "backups", "--store", store, "--recipient", key.recipient, "--keep-last", "1")
        #expect(next.status == 0, "\(next.stderrText)")
        let left = try ScheduleTestSupport.backupNames(in: workspace.path("backups"))
        #expect(left.count == 2 && left.contains(names[1]) && !left.contains(names[0]))
    }

    @Test func pruneTreatsEncryptedAndPlainBackupsAlike() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore()
        let key = try workspace.ageKey()
        for index in 0..<4 {
            let encryption = index.isMultiple(of: 2) ? ["--recipient", key.recipient] : []
            let run = try workspace.backupctl(arguments: ["backup", "--dir", "backups", "--store", store] + encryption)
            #expect(run.status == 0, "\(run.stderrText)")
        }
        // Oldest first, as `list` orders them (backups of one second sort by their -N suffix).
        let listed = try #require(
            try workspace.backupctl("list", "--dir", "backups", "--json").jsonObject()["backups"] as? [[String: Any]])
        #expect(listed.map { $0["encrypted"] as? Bool } == [true, false, true, false])
        let prune = try workspace.backupctl("prune", "--dir", "backups", "--keep-last", "2")
        #expect(prune.status == 0, "\(prune.stderrText)")
        #expect(
            Set(try ScheduleTestSupport.backupNames(in: workspace.path("backups")))
                == Set(listed.suffix(2).compactMap { $0["name"] as? String }))
    }
}
