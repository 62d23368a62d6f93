import Foundation
import TestSupport
import Testing

/// `restore --dir` over a directory of encrypted backups: it takes the keys `import` takes, and
/// without one that opens the backup to restore it exits 77, writing nothing.
extension EncryptionCommandTests {
    /// Backups of three sample stores (seeds 1, 2, 3) at 21:00, 22:00 and 23:00, each made with
    /// the options of `encryption` for its index (none: a plain backup).
    private func directoryOfBackups(_ workspace: CommandWorkspace, encryption: (Int) -> [String]) throws -> [String] {
        var names: [String] = []
        for (index, hour) in ["21", "22", "23"].enumerated() {
            let store = try workspace.sampleStore("source-\(index + 1).sqlite", seed: index + 1)
            let run = try workspace.backupctl(
                arguments: ["backup", "--dir", "backups", "--store", store, "--quiet"] + encryption(index),
                environment: ["BACKUPCTL_TEST_NOW": "2026-01-18T\(hour):00:00Z"])
            try #require(run.status == 0, "\(run.stderrText)")
            names.append("domaindig-20260118T\(hour)0000Z.ddbackup")
        }
        return names
    }

    /// Whether `store` holds what the sample store of `seed` holds (compared by their exports).
    private func holdsSample(_ store: String, seed: Int, in workspace: CommandWorkspace) throws -> Bool {
        try workspace.exportedSections(workspace.path(store), digests: true)
            == workspace.exportedSections(workspace.path("source-\(seed).sqlite"), digests: true)
    }

    @Test func restoreReadsEncryptedBackupsWithTheKeyGivenAsImportDoes() throws {
        let workspace = try CommandWorkspace()
        let key = try workspace.ageKey()
        let passphrase = try workspace.passphraseFile("restore me")
        // Two to the key, the newest with a passphrase: --before picks between them.
        _ = try directoryOfBackups(workspace) { index in
            index == 2 ? ["--passphrase-file", passphrase] : ["--recipient", key.recipient]
        }

        let newest = try workspace.backupctl(
            "restore", "--dir", "backups", "--store", "a.sqlite", "--passphrase-file", passphrase, "--json")
        #expect(newest.status == 0, "\(newest.stderrText)")
        #expect(try holdsSample("a.sqlite", seed: 3, in: workspace))
        let document = try newest.jsonObject()
        #expect(document["input"] as? String == workspace.path("backups/domaindig-20260118T230000Z.ddbackup"))
        #expect(document["skipped"] as? [Any] != nil && document["storeChanged"] as? Bool == true)

        let before = try workspace.backupctl(
            "restore", "--dir", "backups", "--store", "b.sqlite", "--before", "20260118T230000Z", "--identity",
            key.identityFile.path)
        #expect(before.status == 0, "\(before.stderrText)")
        #expect(before.stdoutText.hasPrefix("Restoring domaindig-20260118T220000Z.ddbackup, made "))
        #expect(try holdsSample("b.sqlite", seed: 2, in: workspace))

        // The environment variables name the key files, as for import.
        let byVariable = try workspace.backupctl(
            "restore", "--dir", "backups", "--store", "c.sqlite", "--before", "2026-01-18T22:30:00Z", "--quiet",
            environment: ["BACKUPCTL_IDENTITY_FILE": key.identityFile.path])
        #expect(byVariable.status == 0, "\(byVariable.stderrText)")
        #expect(try holdsSample("c.sqlite", seed: 2, in: workspace))
    }

    @Test(arguments: [[], ["--identity", "stranger.txt"], ["--passphrase-file", "wrong.txt"]])
    func restoreWithoutAKeyThatOpensTheBackupExits77AndWritesNothing(keys: [String]) throws {
        let workspace = try CommandWorkspace()
        let key = try workspace.ageKey()
        _ = try workspace.ageKey("stranger.txt")
        _ = try workspace.passphraseFile("not this one", name: "wrong.txt")
        _ = try directoryOfBackups(workspace) { _ in ["--recipient", key.recipient] }
        let existing = try workspace.sampleStore("existing.sqlite", seed: 9)
        let before = try workspace.storeContents(existing)

        for store in ["new.sqlite", "existing.sqlite"] {
            let run = try workspace.backupctl(
                arguments: ["restore", "--dir", "backups", "--store", store, "--json"]
                    + keys.map { arg in
                        arg.hasSuffix(".txt") ? workspace.path(arg) : arg
                    })
            #expect(run.status == 77, "\(keys): \(run.stderrText)")
            #expect(
                run.stderrText.contains(
                    "error: '\(workspace.path("backups/domaindig-20260118T230000Z.ddbackup"))' is an encrypted backup "
                        + "(age) that could not be decrypted: "), "\(run.stderrText)")
            #expect(run.stderrText.contains("hint: Pass the key it was encrypted to with --identity FILE"))
            let document = try run.jsonObject()
            #expect(document["status"] as? String == "permission")
            #expect(document["directory"] as? String == workspace.path("backups"))
            #expect(document["input"] as? String == workspace.path("backups/domaindig-20260118T230000Z.ddbackup"))
            #expect(try JSONOutputTests.schemaProblems([Data(run.stdoutText.utf8)]) == [])
        }
        #expect(try !workspace.names().contains { $0.hasPrefix("new.sqlite") }, "no store, lock or snapshot made")
        #expect(try workspace.storeContents(existing) == before, "the store is unchanged")
        #expect(try !workspace.names().contains { $0.contains(".before-import-") }, "no safety snapshot")
    }

    /// An older plain backup is not taken instead of a newer encrypted one no key given opens:
    /// that would bring back older data than asked for, and say nothing of it.
    @Test func restoreDoesNotFallBackToAnOlderBackupWhenTheNewestIsLocked() throws {
        let workspace = try CommandWorkspace()
        let key = try workspace.ageKey()
        _ = try directoryOfBackups(workspace) { index in index == 2 ? ["--recipient", key.recipient] : [] }
        let locked = try workspace.backupctl("restore", "--dir", "backups", "--store", "new.sqlite")
        #expect(locked.status == 77, "\(locked.stderrText)")
        #expect(try !workspace.names().contains("new.sqlite"))

        let opened = try workspace.backupctl(
            "restore", "--dir", "backups", "--store", "new.sqlite", "--identity", key.identityFile.path)
        #expect(opened.status == 0, "\(opened.stderrText)")
        #expect(try holdsSample("new.sqlite", seed: 3, in: workspace))
    }

    /// When restore finds no backup it can take and an encrypted one was among those skipped,
    /// the `list --verify` it suggests names the key: without one, `list --verify` checks an
    /// encrypted backup only as far as it can without the key.
    @Test func theHintsOfAFailedRestoreNameTheKeyWhereEncryptedBackupsAreInvolved() throws {
        let workspace = try CommandWorkspace()
        let key = try workspace.ageKey()
        let names = try directoryOfBackups(workspace) { _ in ["--recipient", key.recipient] }
        // Every backup cut inside its final chunk's tag: damaged, as can be told without the key.
        for name in names {
            let cut = workspace.path("backups/" + name)
            let (_, chunksStart) = try workspace.ageLayout(cut)
            try Data(try workspace.contents(cut).prefix(chunksStart + 10)).write(to: URL(fileURLWithPath: cut))
        }
        let run = try workspace.backupctl("restore", "--dir", "backups", "--store", "new.sqlite")
        #expect(run.status == 66, "\(run.stderrText)")
        #expect(
            run.stderrText.contains(
                "hint: Run `backupctl list --dir \(workspace.path("backups")) --verify --identity FILE` "
                    + "(or `--passphrase-file FILE`) to see each file"), "\(run.stderrText)")
        #expect(try !workspace.names().contains { $0.hasPrefix("new.sqlite") }, "no store made")

        // The newest is locked: the 77's hint names both ways to give the key, and no list --verify without one.
        try FileManager.default.removeItem(atPath: workspace.path("backups/" + names[2]))
        _ = try workspace.backupctl(
            "backup", "--dir", "backups", "--store", try workspace.sampleStore("source-4.sqlite", seed: 4), "--quiet",
            "--recipient", key.recipient)
        let locked = try workspace.backupctl("restore", "--dir", "backups", "--store", "new.sqlite")
        #expect(locked.status == 77, "\(locked.stderrText)")
        #expect(locked.stderrText.contains("--identity FILE") && locked.stderrText.contains("--passphrase-file FILE"))
        #expect(!locked.stderrText.contains("--verify`"))
        #expect(try !workspace.names().contains { $0.hasPrefix("new.sqlite") }, "no store made")
    }

    /// Damage the key reveals (a changed byte inside a chunk) is damage like any other: the
    /// backup is skipped with a warning, and the next older one restored.
    @Test func aDamagedEncryptedBackupIsSkippedAsAnyDamagedOne() throws {
        let workspace = try CommandWorkspace()
        let key = try workspace.ageKey()
        let names = try directoryOfBackups(workspace) { _ in ["--recipient", key.recipient] }
        let newest = workspace.path("backups/" + names[2])
        var bytes = [UInt8](try workspace.contents(newest))
        bytes[bytes.count - 5] ^= 0x01
        try Data(bytes).write(to: URL(fileURLWithPath: newest))

        let run = try workspace.backupctl(
            "restore", "--dir", "backups", "--store", "new.sqlite", "--identity", key.identityFile.path)
        #expect(run.status == 0, "\(run.stderrText)")
        #expect(run.stderrText.hasPrefix("warning: skipped \(names[2]): it did not verify: "), "\(run.stderrText)")
        #expect(run.stderrText.contains("fails authentication"))
        #expect(try holdsSample("new.sqlite", seed: 2, in: workspace))
    }

    /// On a terminal with no key given, the passphrase is asked for once, though the backup is
    /// opened twice (verified, then imported).
    @Test func restoreAsksForThePassphraseOnceOnATerminal() throws {
        let workspace = try CommandWorkspace()
        let passphrase = try workspace.passphraseFile("typed once")
        let names = try directoryOfBackups(workspace) { _ in ["--passphrase-file", passphrase] }
        let run = try workspace.backupctlOnTerminal(
            "restore", "--dir", "backups", "--store", "new.sqlite", typed: "typed once\n")
        #expect(run.status == 0, "\(run.stdoutText)")
        let prompt = "Passphrase for \(workspace.path("backups/" + names[2])): "
        #expect(run.stdoutText.components(separatedBy: prompt).count == 2, "asked once: \(run.stdoutText)")
        #expect(try holdsSample("new.sqlite", seed: 3, in: workspace))
    }
}
