import Foundation
import TestSupport
import Testing

/// `upgrade` as the way to rotate keys: an encrypted backup read with the old key and written
/// for the new one; never decrypted to disk unless asked.
extension EncryptionCommandTests {
    @Test func upgradeReEncryptsForNewRecipients() throws {
        let workspace = try CommandWorkspace()
        let old = try workspace.ageKey("old.txt")
        let new = try workspace.ageKey("new.txt")
        let backup = try workspace.exportEncrypted(from: try workspace.sampleStore(), ["--recipient", old.recipient])
        let rotated = try workspace.backupctl(
            "upgrade", backup, "-o", "rotated.ddbackup", "--identity", old.identityFile.path, "--recipient",
            new.recipient,
            "--json")
        #expect(rotated.status == 0, "\(rotated.stderrText)")
        #expect(try rotated.jsonObject()["encrypted"] as? Bool == true)
        #expect(
            try workspace.backupctl("validate", "rotated.ddbackup", "--identity", new.identityFile.path).status == 0)
        #expect(
            try workspace.backupctl("validate", "rotated.ddbackup", "--identity", old.identityFile.path).status == 77)
        let archive = try workspace.ageDecrypt(
            workspace.path("rotated.ddbackup"), identity: new.identityFile, to: "rotated.tar.zst")
        #expect(
            try workspace.sections(ofBackup: archive, digests: true)
                == workspace.sections(
                    ofBackup: try workspace.ageDecrypt(backup, identity: old.identityFile, to: "old.tar.zst"),
                    digests: true))
    }

    /// Rotating the keys of a backup that is already current is no upgrade: the first line and
    /// `--json`'s `outcome` say it was re-encrypted and its version kept, and the document
    /// follows Docs/json-output.schema.json.
    @Test func rotatingTheKeysOfACurrentBackupSaysReEncryptedNotUpgraded() throws {
        try ValidationWorkspace.requireJSONSchema()
        let workspace = try CommandWorkspace()
        let old = try workspace.ageKey("old.txt")
        let new = try workspace.ageKey("new.txt")
        let backup = try workspace.exportEncrypted(from: try workspace.sampleStore(), ["--recipient", old.recipient])
        let text = try workspace.backupctl(
            "upgrade", backup, "-o", "rotated.ddbackup", "--identity", old.identityFile.path, "--recipient",
            new.recipient)
        #expect(text.status == 0, "\(text.stderrText)")
        let output = workspace.path("rotated.ddbackup")
        #expect(
            text.stdoutText.hasPrefix(
                "Re-encrypted \(backup) (already version 4, the version is unchanged): \(output)\n"
                    + "Encrypted with age for 1 recipient.\n"),
            "\(text.stdoutText)")
        #expect(!text.stdoutText.contains("Upgraded"))

        let json = try workspace.backupctl(
            "upgrade", backup, "-o", "rotated.ddbackup", "--identity", old.identityFile.path, "--recipient",
            new.recipient, "--json")
        #expect(json.status == 0, "\(json.stderrText)")
        let document = try json.jsonObject()
        #expect(document["outcome"] as? String == "re-encrypted")
        #expect(document["fromVersion"] as? Int == 4 && document["toVersion"] as? Int == 4)
        func line(_ run: ProcessOutput) -> Data { Data(run.stdout.split(separator: UInt8(ascii: "\n")).joined()) }
        #expect(try JSONOutputTests.schemaProblems([line(json)]) == [])

        let added = try workspace.backupctl(
            "upgrade", "rotated.ddbackup", "-o", "clear.ddbackup", "--identity", new.identityFile.path, "--decrypt",
            "--json")
        #expect(try added.jsonObject()["outcome"] as? String == "decrypted")
        let encrypted = try workspace.backupctl(
            "upgrade", "clear.ddbackup", "-o", "again.ddbackup", "--recipient", new.recipient, "--json")
        #expect(try encrypted.jsonObject()["outcome"] as? String == "encrypted")
        #expect(try JSONOutputTests.schemaProblems([line(added), line(encrypted)]) == [])
    }

    @Test func upgradeNeverDecryptsToDiskUnlessAsked() throws {
        let workspace = try CommandWorkspace()
        let key = try workspace.ageKey()
        let backup = try workspace.exportEncrypted(from: try workspace.sampleStore(), ["--recipient", key.recipient])
        let refused = try workspace.backupctl(
            "upgrade", backup, "-o", "out.ddbackup", "--identity", key.identityFile.path)
        #expect(refused.status == 64)
        #expect(refused.stderrText.contains("is encrypted, and no encryption was given for the output"))
        #expect(try !workspace.names().contains("out.ddbackup"))

        let plain = try workspace.backupctl(
            "upgrade", backup, "-o", "out.ddbackup", "--identity", key.identityFile.path, "--decrypt")
        #expect(plain.status == 0, "\(plain.stderrText)")
        #expect(plain.stderrText.contains("warning: the new backup is not encrypted (--decrypt)"))
        #expect(try workspace.contents("out.ddbackup").starts(with: [0x28, 0xB5, 0x2F, 0xFD]), "a plain zstd archive")
    }

    @Test func upgradeKeepsOrChangesThePassphrase() throws {
        let workspace = try CommandWorkspace()
        let first = try workspace.passphraseFile("first", name: "first.txt")
        let second = try workspace.passphraseFile("second", name: "second.txt")
        let backup = try workspace.exportEncrypted(from: try workspace.sampleStore(), ["--passphrase-file", first])
        let kept = try workspace.backupctl("upgrade", backup, "-o", "kept.ddbackup", "--passphrase-file", first)
        #expect(kept.status == 0, "\(kept.stderrText)")
        #expect(try workspace.backupctl("validate", "kept.ddbackup", "--passphrase-file", first).status == 0)
        let changed = try workspace.backupctl(
            "upgrade", backup, "-o", "changed.ddbackup", "--passphrase-file", first, "--new-passphrase-file", second)
        #expect(changed.status == 0, "\(changed.stderrText)")
        #expect(try workspace.backupctl("validate", "changed.ddbackup", "--passphrase-file", second).status == 0)
        #expect(try workspace.backupctl("validate", "changed.ddbackup", "--passphrase-file", first).status == 77)
    }

    /// Kept, the passphrase is read once, for decrypting and encrypting alike: a file others may
    /// read is warned about once, and the JSON document lists the warning once.
    @Test func upgradeReadsThePassphraseFileOnce() throws {
        let workspace = try CommandWorkspace()
        let file = try workspace.passphraseFile("shared")
        let backup = try workspace.exportEncrypted(from: try workspace.sampleStore(), ["--passphrase-file", file])
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file)
        let text = try workspace.backupctl("upgrade", backup, "-o", "kept.ddbackup", "--passphrase-file", file)
        #expect(text.status == 0, "\(text.stderrText)")
        #expect(text.stderrText.components(separatedBy: "is accessible to others").count == 2, "\(text.stderrText)")
        let json = try workspace.backupctl(
            "upgrade", backup, "-o", "json.ddbackup", "--passphrase-file", file, "--json")
        let warnings = try json.jsonObject()["warnings"] as? [[String: Any]] ?? []
        #expect(warnings.filter { $0["code"] as? String == "key.accessible-to-others" }.count == 1)
        #expect(try workspace.backupctl("validate", "json.ddbackup", "--passphrase-file", file).status == 0)
    }

    /// A backup of every version this build reads, encrypted by `age`, is upgraded to the
    /// current version and re-encrypted; imported with the key, it gives the store the plain
    /// fixture gives — carried entries and all.
    @Test(arguments: BackupFixtureCommandTests.fixtures.map { $0.file })
    func anOlderEncryptedBackupIsUpgradedStillEncrypted(fixture: String) throws {
        let workspace = try CommandWorkspace()
        let key = try workspace.ageKey()
        let original = Fixtures.url("Backups/\(fixture)").path
        let encrypted = workspace.path("old.age")
        try AgeTool.run(["-r", key.recipient, "-o", encrypted, original])
        let upgraded = try workspace.backupctl(
            "upgrade", encrypted, "-o", "new.ddbackup", "--identity", key.identityFile.path, "--recipient",
            key.recipient, "--json")
        #expect(upgraded.status == 0, "\(upgraded.stderrText)")
        let document = try upgraded.jsonObject()
        #expect(document["encrypted"] as? Bool == true)
        #expect(document["toVersion"] as? Int == BackupFixtureCommandTests.fixtures.map(\.version).max())
        let wasCurrent = document["fromVersion"] as? Int == document["toVersion"] as? Int
        #expect(document["outcome"] as? String == (wasCurrent ? "re-encrypted" : "upgraded"))
        #expect(try workspace.contents("new.ddbackup").starts(with: Data("age-encryption.org/v1\n".utf8)))

        let fixedClock = ImportCommandTests.clock
        let direct = try workspace.backupctl(
            "import", original, "--store", "a.sqlite", "--quiet", environment: fixedClock)
        let throughUpgrade = try workspace.backupctl(
            "import", "new.ddbackup", "--store", "b.sqlite", "--identity", key.identityFile.path, "--quiet",
            environment: fixedClock)
        #expect(direct.status == 0 && throughUpgrade.status == 0, "\(throughUpgrade.stderrText)")
        #expect(
            try workspace.storeContentsWithoutJournal("b.sqlite") == workspace.storeContentsWithoutJournal("a.sqlite"))
    }
}
