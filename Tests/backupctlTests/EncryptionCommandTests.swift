import Foundation
import TestSupport
import Testing

/// Encrypted backups end to end: `export`, `import`, `validate`, `inspect` and `upgrade` with
/// age keys and passphrases, opened by the `age` tool and made by it (Docs/encryption.md).
@Suite struct EncryptionCommandTests {
    @Test(arguments: ["zstd", "gzip", "none"])
    func theFileIsTheAgeEncryptionOfThePlainArchive(compression: String) throws {
        let workspace = try CommandWorkspace()
        let key = try workspace.ageKey()
        let store = try workspace.sampleStore()
        let encrypted = try workspace.exportEncrypted(
            from: store, compression: compression, ["--recipient", key.recipient])
        #expect(try workspace.contents(encrypted).starts(with: Data("age-encryption.org/v1\n-> X25519 ".utf8)))
        #expect(try workspace.permissions(encrypted) == 0o600)
        // Restoring by hand: age -d, then tar (with zstd or gzip) — no backupctl involved.
        let archive = try workspace.ageDecrypt(encrypted, identity: key.identityFile, to: "archive")
        let flags = try #require(ExportCommandTests.tarFlags[compression])
        let listing = try ProcessRunner.run("tar", flags + ["-tf", archive])
        #expect(listing.status == 0, "\(listing.stderrText)")
        #expect(
            listing.stdoutText.split(separator: "\n").map(String.init) == ["manifest.json"]
                + ExportCommandTests.sampleEntryPaths)
        // The same sections, byte for byte, as an unencrypted export of the same store.
        let plain = try workspace.exportBackup(from: store, to: "plain.ddbackup", compression: compression)
        #expect(
            try workspace.sections(ofBackup: archive, digests: true)
                == workspace.sections(ofBackup: plain, digests: true))
    }

    @Test func aBackupAgeEncryptedImportsWithItsIdentity() throws {
        let workspace = try CommandWorkspace()
        let key = try workspace.ageKey()
        let plain = try workspace.exportBackup(from: try workspace.sampleStore(seed: 3))
        let encrypted = workspace.path("by-age.ddbackup")
        try AgeTool.run(["-r", key.recipient, "-o", encrypted, plain])

        let fromPlain = try workspace.backupctl(
            "import", plain, "--store", "a.sqlite", "--no-safety-snapshot", "--quiet")
        let fromAge = try workspace.backupctl(
            "import", encrypted, "--store", "b.sqlite", "--identity", key.identityFile.path, "--no-safety-snapshot",
            "--quiet")
        #expect(fromPlain.status == 0 && fromAge.status == 0, "\(fromAge.stderrText)")
        #expect(
            try workspace.exportedSections(workspace.path("a.sqlite"), digests: true)
                == workspace.exportedSections(workspace.path("b.sqlite"), digests: true))
        #expect(fromAge.stderr.isEmpty)

        let validate = try workspace.backupctl("validate", encrypted, "--identity", key.identityFile.path, "--json")
        #expect(validate.status == 0)
        let inspect = try workspace.backupctl("inspect", encrypted, "--identity", key.identityFile.path, "--json")
        #expect(inspect.status == 0)
        #expect(try inspect.jsonObject()["encrypted"] as? Bool == true)
    }

    /// `age` reads passphrases from the terminal only; `script` gives it one.
    @Test func passphrasesWorkBothWaysWithAge() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore()
        let passphrase = try workspace.passphraseFile("correct horse battery staple")
        let ours = try workspace.exportEncrypted(from: store, ["--passphrase-file", passphrase])
        #expect(String(decoding: try workspace.contents(ours).prefix(40), as: UTF8.self).contains("-> scrypt "))
        let archive = workspace.path("archive.tar.zst")
        try AgeTool.runOnTerminal(["-d", "-o", archive, ours], typing: "correct horse battery staple\n")
        #expect(try workspace.run("tar", "--zstd", "-tf", archive).stdoutText.hasPrefix("manifest.json\n"))

        let plain = try workspace.exportBackup(from: store, to: "plain.ddbackup")
        let theirs = workspace.path("theirs.ddbackup")
        try AgeTool.runOnTerminal(["-p", "-o", theirs, plain], typing: "typed twice\ntyped twice\n")
        let secret = try workspace.passphraseFile("typed twice", name: "typed.txt")
        let imported = try workspace.backupctl(
            "import", theirs, "--store", "new.sqlite", "--passphrase-file", secret, "--no-safety-snapshot", "--quiet")
        #expect(imported.status == 0, "\(imported.stderrText)")
    }

    @Test func environmentVariablesNameTheKeyFiles() throws {
        let workspace = try CommandWorkspace()
        let key = try workspace.ageKey()
        let store = try workspace.sampleStore()
        let toKey = try workspace.exportEncrypted(from: store, ["--recipient", key.recipient])
        let passphrase = try workspace.passphraseFile("from the environment")
        let locked = try workspace.exportEncrypted(
            from: store, to: "locked.ddbackup", ["--passphrase-file", passphrase])

        let byIdentity = try workspace.backupctl(
            "validate", toKey, "--quiet", environment: ["BACKUPCTL_IDENTITY_FILE": key.identityFile.path])
        #expect(byIdentity.status == 0, "\(byIdentity.stderrText)")
        let byPassphrase = try workspace.backupctl(
            "validate", locked, "--quiet", environment: ["BACKUPCTL_PASSPHRASE_FILE": passphrase])
        #expect(byPassphrase.status == 0, "\(byPassphrase.stderrText)")
        let empty = try workspace.backupctl(
            "validate", toKey, "--quiet", environment: ["BACKUPCTL_IDENTITY_FILE": ""])
        #expect(empty.status == 77, "an empty variable counts as unset")
    }

    /// With neither a key nor a passphrase, on a terminal, the passphrase is asked for.
    @Test func aTerminalIsAskedForThePassphrase() throws {
        let workspace = try CommandWorkspace()
        let passphrase = try workspace.passphraseFile("asked for")
        let locked = try workspace.exportEncrypted(
            from: try workspace.sampleStore(), ["--passphrase-file", passphrase])
        let command = "'\(BuildProducts.backupctl.path)' validate '\(locked)' --quiet; echo \"exit=$?\""
        let right = try ProcessRunner.run("script", ["-qfec", command, "/dev/null"], stdin: Data("asked for\n".utf8))
        #expect(right.stdoutText.contains("Passphrase for \(locked): "), "\(right.stdoutText)")
        #expect(right.stdoutText.contains("exit=0"), "\(right.stdoutText)")
        let wrong = try ProcessRunner.run("script", ["-qfec", command, "/dev/null"], stdin: Data("not it\n".utf8))
        #expect(wrong.stdoutText.contains("Wrong passphrase"), "\(wrong.stdoutText)")
        #expect(wrong.stdoutText.contains("exit=77"), "\(wrong.stdoutText)")
    }

    /// On a terminal, what is typed at the passphrase prompt is not echoed. A Python peer holds
    /// the pseudo-terminal and types only once the prompt is shown (echo is off by then), so
    /// an echo would be seen every time, never by chance.
    @Test func thePassphraseTypedAtThePromptIsNotEchoed() throws {
        let workspace = try CommandWorkspace()
        let passphrase = "never shown on the screen"
        let locked = try workspace.exportEncrypted(
            from: try workspace.sampleStore(), ["--passphrase-file", try workspace.passphraseFile(passphrase)])
        let session = try workspace.python(
            #"""
            import os, pty, select, sys
            backupctl, backup, passphrase = sys.argv[1], sys.argv[2], sys.argv[3].encode()
            pid, terminal = pty.fork()
            if pid == 0:
                os.execv(backupctl, [backupctl, "validate", backup, "--quiet"])

            def read_until(marker):
                """The terminal's output until `marker` appears, or to its end when it is None."""
                seen = b""
                while marker is None or marker not in seen:
                    if not select.select([terminal], [], [], 300)[0]:
                        sys.exit("backupctl printed nothing more; so far: %r" % seen)
                    try:
                        chunk = os.read(terminal, 4096)
                    except OSError:  # EIO: the other side closed
                        chunk = b""
                    if not chunk:
                        if marker is None:
                            return seen
                        sys.exit("the prompt never came: %r" % seen)
                    seen += chunk
                return seen

            read_until(("Passphrase for %s: " % backup).encode())
            os.write(terminal, passphrase + b"\n")
            after = read_until(None)
            _, status = os.waitpid(pid, 0)
            print("exit=%d" % os.waitstatus_to_exitcode(status))
            print("echoed: %r" % after if passphrase in after else "not echoed")
            """#, BuildProducts.backupctl.path, locked, passphrase)
        #expect(session.stdoutText == "exit=0\nnot echoed\n", "\(session.stdoutText)\(session.stderrText)")
    }

    @Test func aKeyFileOthersCanReadIsWarnedAbout() throws {
        let workspace = try CommandWorkspace()
        let key = try workspace.ageKey()
        let backup = try workspace.exportEncrypted(from: try workspace.sampleStore(), ["--recipient", key.recipient])
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: key.identityFile.path)
        let run = try workspace.backupctl("validate", backup, "--identity", key.identityFile.path)
        #expect(run.status == 0)
        #expect(
            run.stderrText.contains(
                "warning: \(key.identityFile.path) is accessible to others (mode 644): it holds a secret; "
                    + "restrict it with chmod 600 \(key.identityFile.path)"))

        // backup encrypts with the passphrase and reads the new file back with it: one file, one warning.
        let passphrase = try workspace.passphraseFile("shared")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: passphrase)
        let scheduled = try workspace.backupctl(
            "backup", "--dir", "backups", "--store", try workspace.sampleStore("other.sqlite"), "--passphrase-file",
            passphrase, "--json")
        #expect(scheduled.status == 0, "\(scheduled.stderrText)")
        #expect(
            scheduled.stderrText.components(separatedBy: "is accessible to others").count == 2,
            "\(scheduled.stderrText)")
        let warnings = try #require(try scheduled.jsonObject()["warnings"] as? [[String: Any]])
        #expect(warnings.filter { ($0["code"] as? String)?.hasPrefix("key.") == true }.count == 1)
    }

    @Test func badKeysAreUsageErrorsThatNeverQuoteASecret() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore()
        let badRecipient = try workspace.backupctl(
            "export", "--store", store, "-o", "b.ddbackup", "--recipient", "age1nope")
        #expect(badRecipient.status == 64)
        #expect(badRecipient.stderrText.contains("'age1nope' is not an age recipient"))
        #expect(try !workspace.names().contains("b.ddbackup"))

        let key = try workspace.ageKey()
        let backup = try workspace.exportEncrypted(from: store, ["--recipient", key.recipient])
        var damagedKey = try String(contentsOf: key.identityFile, encoding: .utf8)
        let secretLine = try #require(damagedKey.split(separator: "\n").last { $0.hasPrefix("AGE-SECRET-KEY-1") })
        // Another last character breaks the Bech32 checksum (the same one would change nothing).
        let other = secretLine.last == "Q" ? "P" : "Q"
        damagedKey = damagedKey.replacingOccurrences(of: secretLine, with: secretLine.dropLast() + other)
        try Data(damagedKey.utf8).write(to: key.identityFile)
        let badIdentity = try workspace.backupctl("validate", backup, "--identity", key.identityFile.path)
        #expect(badIdentity.status == 64)
        #expect(badIdentity.stderrText.contains("Line 3 of '\(key.identityFile.path)' is not an age identity"))
        #expect(!badIdentity.stderrText.contains(String(secretLine.dropFirst(20).prefix(20))))

        let missing = try workspace.backupctl("validate", backup, "--identity", "absent.txt")
        #expect(missing.status == 66)
        let both = try workspace.backupctl(
            "export", "--store", store, "-o", "c.ddbackup", "--recipient", key.recipient, "--passphrase-file", "p")
        #expect(both.status == 64)
    }
}
