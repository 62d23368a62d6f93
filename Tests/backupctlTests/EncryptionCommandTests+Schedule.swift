import Foundation
import TestSupport
import Testing

/// `backup`, `list` and `prune` over a directory of encrypted backups: made with only the
/// public key, checked without it, verified in full with it, kept and removed like any other.
extension EncryptionCommandTests {
    /// Standard output's lines with runs of spaces collapsed.
    func lines(_ output: ProcessOutput) -> [String] {
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
        let names = try encryptedBackups(2, in: workspace, key: key, store: store)
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

    /// A newest encrypted backup cut short at a length its framing allows passes the check
    /// without a key; with the key, prune reads it in full, finds it damaged, keeps it (damaged
    /// files are never removed) and keeps the newest good backup in its place.
    @Test func pruneWithTheKeyNeverRemovesTheGoodBackupsBehindACutEncryptedOne() throws {
        let workspace = try CommandWorkspace()
        let key = try workspace.ageKey()
        let names = try encryptedBackups(3, in: workspace, key: key)
        #expect(names.count == 3)
        // The newest, cut inside its payload: still a plausible age file to a check without a key.
        try cutAtAPlausibleLength(names[2], in: workspace)

        let prune = try workspace.backupctl(
            "prune", "--dir", "backups", "--keep-last", "1", "--identity", key.identityFile.path)
        #expect(prune.status == 0, "\(prune.stderrText)")
        // The cut one stays (damaged), the middle one is the newest good backup and stays.
        #expect(Set(try ScheduleTestSupport.backupNames(in: workspace.path("backups"))) == Set(names.suffix(2)))
        let restore = try workspace.backupctl(
            "restore", "--dir", "backups", "--store", workspace.path("restored.sqlite"), "--identity",
            key.identityFile.path)
        #expect(restore.status == 0, "\(restore.stderrText)")
    }
}

/// The checksum files `backup` writes beside encrypted backups, and what they let retention
/// tell without the key: a backup cut at a length its framing allows.
extension EncryptionCommandTests {
    /// Makes `count` encrypted backups with only the public key; their names, oldest first.
    private func encryptedBackups(
        _ count: Int, in workspace: CommandWorkspace, key: AgeTool.KeyPair, store: String? = nil
    ) throws -> [String] {
        let store = try store ?? workspace.sampleStore()
        for _ in 0..<count {
            let run = try workspace.backupctl(
                "backup", "--dir", "backups", "--store", store, "--recipient", key.recipient)
            #expect(run.status == 0, "\(run.stderrText)")
        }
        // Oldest first, as `list` orders them (backups of one second sort by their -N suffix).
        let listed = try #require(
            try workspace.backupctl("list", "--dir", "backups", "--json").jsonObject()["backups"] as? [[String: Any]])
        return listed.compactMap { $0["name"] as? String }
    }

    /// Cuts the backup inside its payload, at a length an age file of that many chunks can have.
    private func cutAtAPlausibleLength(_ name: String, in workspace: CommandWorkspace) throws {
        let path = workspace.path("backups/" + name)
        let (_, chunksStart) = try workspace.ageLayout(path)
        let bytes = try workspace.contents(path)
        #expect(bytes.count > chunksStart + 200)
        try Data(bytes.prefix(chunksStart + 100)).write(to: URL(fileURLWithPath: path))
    }

    private func checksumFiles(in workspace: CommandWorkspace) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: workspace.path("backups"))
            .filter { $0.hasSuffix(".sha256") }.sorted()
    }

    @Test func eachEncryptedBackupHasAChecksumFileSha256sumAcceptsAndPruneRemovesItWithIt() throws {
        let workspace = try CommandWorkspace()
        let key = try workspace.ageKey()
        let names = try encryptedBackups(2, in: workspace, key: key)
        #expect(try checksumFiles(in: workspace) == names.map { ".\($0).sha256" }.sorted())
        for name in names {
            // coreutils as the peer: the file is sha256sum's own format.
            let check = try ProcessRunner.run(
                "sha256sum", ["-c", ".\(name).sha256"],
                currentDirectory: workspace.url.appendingPathComponent("backups"))
            #expect(check.status == 0, "\(check.stderrText)")
            #expect(check.stdoutText == "\(name): OK\n")
        }
        // list --verify without the key compares them.
        let verified = try workspace.backupctl("list", "--dir", "backups", "--verify")
        #expect(verified.status == 0, "\(verified.stderrText)")
        #expect(lines(verified).dropFirst().prefix(2).allSatisfy { $0.hasSuffix(" age - ok (checksum)") })
        let json = try #require(
            try workspace.backupctl("list", "--dir", "backups", "--verify", "--json").jsonObject()["backups"]
                as? [[String: Any]])
        #expect(json.allSatisfy { $0["checksumMatched"] as? Bool == true && $0["contentsChecked"] as? Bool == false })

        let prune = try workspace.backupctl("prune", "--dir", "backups", "--keep-last", "1")
        #expect(prune.status == 0, "\(prune.stderrText)")
        #expect(try ScheduleTestSupport.backupNames(in: workspace.path("backups")) == [names[1]])
        #expect(try checksumFiles(in: workspace) == [".\(names[1]).sha256"])
    }

    /// Before checksum files, a newest backup cut like this passed the check without the key
    /// and `prune --keep-last 1` removed every good backup behind it.
    @Test func pruneWithoutTheKeyFindsANewestBackupCutAtAPlausibleLengthByItsChecksum() throws {
        let workspace = try CommandWorkspace()
        let key = try workspace.ageKey()
        let names = try encryptedBackups(3, in: workspace, key: key)
        try cutAtAPlausibleLength(names[2], in: workspace)
        // Header and framing alone cannot tell: the quick listing counts it good.
        let quick = try #require(
            try workspace.backupctl("list", "--dir", "backups", "--json").jsonObject()["backups"] as? [[String: Any]])
        #expect(quick.map { $0["health"] as? String } == ["good", "good", "good"])

        let prune = try workspace.backupctl("prune", "--dir", "backups", "--keep-last", "1")
        #expect(prune.status == 0, "\(prune.stderrText)")
        // The cut one stays as evidence (damaged, not counted); the middle one, whole by its
        // checksum, is the newest good backup; only the oldest goes.
        #expect(try ScheduleTestSupport.backupNames(in: workspace.path("backups")) == Array(names[1...]).sorted())
        #expect(prune.stdoutText.contains("damaged"), "\(prune.stdoutText)")

        let list = try workspace.backupctl("list", "--dir", "backups", "--verify", "--json")
        #expect(list.status == 65)
        let verified = try #require(try list.jsonObject()["backups"] as? [[String: Any]])
        #expect(verified.map { $0["health"] as? String } == ["good", "damaged"])
        #expect((verified[1]["problem"] as? String)?.contains("SHA-256 differs") == true, "\(verified)")

        // The key agrees: restore passes over the cut one and restores the middle one.
        let restore = try workspace.backupctl(
            "restore", "--dir", "backups", "--store", workspace.path("restored.sqlite"), "--identity",
            key.identityFile.path)
        #expect(restore.status == 0, "\(restore.stderrText)")
    }

    /// A header altered so that no key opens it looks, to the key, like a backup for other
    /// recipients (77); its checksum file shows it altered, so restore skips it as damaged.
    @Test func restoreSkipsANewestBackupItsChecksumShowsAlteredThoughNoKeyOpensIt() throws {
        let workspace = try CommandWorkspace()
        let key = try workspace.ageKey()
        let names = try encryptedBackups(2, in: workspace, key: key)
        let newest = workspace.path("backups/" + names[1])
        var bytes = [UInt8](try workspace.contents(newest))
        let stanza = try #require(bytes.firstIndex(of: 0x0A)) + 6 // inside the X25519 stanza's line
        bytes[stanza] = bytes[stanza] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        try Data(bytes).write(to: URL(fileURLWithPath: newest))

        let restore = try workspace.backupctl(
            "restore", "--dir", "backups", "--store", workspace.path("restored.sqlite"), "--identity",
            key.identityFile.path)
        #expect(restore.status == 0, "\(restore.stderrText)")
        #expect(restore.stderrText.contains("skipped \(names[1])"), "\(restore.stderrText)")
        #expect(restore.stderrText.contains("SHA-256 differs"), "\(restore.stderrText)")
    }

    /// A backup with no checksum file (copied in, or written by `export`) cannot be shown whole
    /// without the key: prune keeps it uncounted and verifies the next one instead.
    @Test func pruneWithoutTheKeyKeepsAnEncryptedBackupWithoutAChecksumUncounted() throws {
        let workspace = try CommandWorkspace()
        let key = try workspace.ageKey()
        let names = try encryptedBackups(3, in: workspace, key: key)
        try FileManager.default.removeItem(atPath: workspace.path("backups/.\(names[2]).sha256"))
        try cutAtAPlausibleLength(names[2], in: workspace)

        let prune = try workspace.backupctl("prune", "--dir", "backups", "--keep-last", "1")
        #expect(prune.status == 0, "\(prune.stderrText)")
        #expect(try ScheduleTestSupport.backupNames(in: workspace.path("backups")) == Array(names[1...]).sorted())
        #expect(prune.stdoutText.contains("not shown whole"), "\(prune.stdoutText)")
        #expect(prune.stderrText.contains("warning: \(names[2]) is encrypted and has no usable checksum file"))

        // list --verify warns the same, and its JSON says no checksum matched.
        let list = try workspace.backupctl("list", "--dir", "backups", "--verify", "--json")
        let document = try list.jsonObject()
        let warnings = try #require(document["warnings"] as? [[String: Any]])
        #expect(warnings.map { $0["code"] as? String } == ["backup.unconfirmed"])
        #expect(warnings.first?["file"] as? String == names[2])
        let listed = try #require(document["backups"] as? [[String: Any]])
        #expect(listed.map { $0["checksumMatched"] as? Bool } == [true, false])
        // Without --verify no checksum file is read, and the field is absent.
        let quick = try #require(
            try workspace.backupctl("list", "--dir", "backups", "--json").jsonObject()["backups"] as? [[String: Any]])
        #expect(quick.allSatisfy { $0["checksumMatched"] == nil })

        // With the key, the cut one is found damaged and the middle one still stays.
        let keyed = try workspace.backupctl(
            "prune", "--dir", "backups", "--keep-last", "1", "--identity", key.identityFile.path)
        #expect(keyed.status == 0, "\(keyed.stderrText)")
        #expect(try ScheduleTestSupport.backupNames(in: workspace.path("backups")) == Array(names[1...]).sorted())
    }
}
