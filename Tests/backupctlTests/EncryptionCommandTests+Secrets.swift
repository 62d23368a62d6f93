import Foundation
import TestSupport
import Testing

/// Issue 20's rule that no secret is ever printed: a key given where a file name or a public
/// key is expected is refused without being quoted, on standard error and in `--json`; key
/// files of the wrong kind are named for what they are.
extension EncryptionCommandTests {
    /// Where a secret key may be given by mistake: the command line, then the environment.
    enum SecretPlace: String, CaseIterable, Sendable {
        case identity, passphraseFile, identityVariable, passphraseVariable
        case recipient, recipientsFile, exportPassphraseFile, newPassphraseFile

        /// The option or variable named in the refusal.
        var name: String {
            switch self {
            case .identity: "--identity"
            case .passphraseFile, .exportPassphraseFile: "--passphrase-file"
            case .identityVariable: "$BACKUPCTL_IDENTITY_FILE"
            case .passphraseVariable: "$BACKUPCTL_PASSPHRASE_FILE"
            case .recipient: "--recipient"
            case .recipientsFile: "--recipients-file"
            case .newPassphraseFile: "--new-passphrase-file"
            }
        }

        /// The command line and environment that give `secret` here, reading or writing `backup`.
        func invocation(_ secret: String, backup: String, store: String) -> ([String], [String: String]) {
            switch self {
            case .identity: (["validate", backup, "--identity", secret], [:])
            case .passphraseFile: (["validate", backup, "--passphrase-file", secret], [:])
            case .identityVariable: (["validate", backup], ["BACKUPCTL_IDENTITY_FILE": secret])
            case .passphraseVariable: (["validate", backup], ["BACKUPCTL_PASSPHRASE_FILE": secret])
            case .recipient: (["export", "--store", store, "-o", "out.ddbackup", "--recipient", secret], [:])
            case .recipientsFile:
                (["export", "--store", store, "-o", "out.ddbackup", "--recipients-file", secret], [:])
            case .exportPassphraseFile:
                (["export", "--store", store, "-o", "out.ddbackup", "--passphrase-file", secret], [:])
            case .newPassphraseFile: (["upgrade", backup, "-o", "out.ddbackup", "--new-passphrase-file", secret], [:])
            }
        }
    }

    @Test(arguments: SecretPlace.allCases)
    func aSecretKeyGivenForAFileOrARecipientIsRefusedWithoutBeingPrinted(place: SecretPlace) throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore()
        let key = try workspace.ageKey()
        let backup = try workspace.exportBackup(from: store)
        let secretLine = try #require(
            try String(contentsOf: key.identityFile, encoding: .utf8).split(separator: "\n")
                .first { $0.hasPrefix("AGE-SECRET-KEY-1") })
        let names = try workspace.names()
        for secret in [String(secretLine), secretLine.lowercased(), "AGE-PLUGIN-YUBIKEY-1QYQSZQGPQYQSZQGP"] {
            // Any ten characters after the prefix would be a leak of the key.
            let leak = String(secret.dropFirst(16).prefix(10))
            let (arguments, environment) = place.invocation(secret, backup: backup, store: store)
            let run = try workspace.backupctl(arguments: arguments, environment: environment)
            #expect(run.status == 64, "\(run.stderrText)")
            #expect(run.stderrText.hasPrefix("error: \(place.name) takes "), "\(run.stderrText)")
            #expect(run.stderrText.contains("was given what looks like a secret key itself; it was not printed."))
            #expect(!run.stderrText.lowercased().contains(leak.lowercased()), "\(run.stderrText)")
            #expect(!run.stdoutText.lowercased().contains(leak.lowercased()))

            let json = try workspace.backupctl(arguments: arguments + ["--json"], environment: environment)
            #expect(json.status == 64)
            #expect(!json.stdoutText.lowercased().contains(leak.lowercased()), "\(json.stdoutText)")
            let document = try json.jsonObject()
            #expect((document["error"] as? String)?.contains("it was not printed") == true, "\(json.stdoutText)")
            #expect(try workspace.names() == names, "nothing written")
        }
    }

    /// The last line of defence: whatever message would quote an argument (here, a backup
    /// file that does not exist) prints a key in it as a placeholder.
    @Test func noMessageQuotesASecretKeyWhereverItWasGiven() throws {
        let workspace = try CommandWorkspace()
        let key = try workspace.ageKey()
        let secret = try #require(
            try String(contentsOf: key.identityFile, encoding: .utf8).split(separator: "\n")
                .first { $0.hasPrefix("AGE-SECRET-KEY-1") })
        let leak = String(secret.dropFirst(16).prefix(10))
        for arguments in [
            ["validate", String(secret)], ["inspect", "./" + secret, "--json"], ["validate", "--\(secret)"],
            ["list", "--dir", String(secret)],
        ] {
            let run = try workspace.backupctl(arguments: arguments)
            #expect(run.status != 0)
            #expect(!run.stderrText.contains(leak), "\(arguments[0]): \(run.stderrText)")
            #expect(!run.stdoutText.contains(leak), "\(arguments[0]): \(run.stdoutText)")
            #expect(run.stderrText.contains("[a secret key, not printed]"), "\(run.stderrText)")
        }
    }

    /// `export --recipients-file key.txt` given the identity file age-keygen wrote.
    @Test func anIdentityFileGivenAsRecipientsIsNamedWithoutQuotingTheKey() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore()
        let key = try workspace.ageKey()
        let run = try workspace.backupctl(
            "export", "--store", store, "-o", "out.ddbackup", "--recipients-file", key.identityFile.path)
        #expect(run.status == 64)
        #expect(
            run.stderrText.hasPrefix(
                "error: Line 3 of '\(key.identityFile.path)' is a secret key, not a recipient "
                    + "(give the public key: age-keygen -y FILE).\n"), "\(run.stderrText)")
        #expect(!run.stderrText.contains("AGE-SECRET-KEY"))
        #expect(try !workspace.names().contains("out.ddbackup"))
    }

    /// `age -p key.txt > key.age`: an identity file protected by a passphrase.
    @Test func anEncryptedIdentityFileIsNamedAsOneWithHowToDecryptIt() throws {
        let workspace = try CommandWorkspace()
        let key = try workspace.ageKey()
        let store = try workspace.sampleStore()
        let backup = try workspace.exportEncrypted(from: store, ["--recipient", key.recipient])
        let protected = workspace.path("key.age")
        try AgeTool.runOnTerminal(["-p", "-o", protected, key.identityFile.path], typing: "pass word\npass word\n")
        let run = try workspace.backupctl("import", backup, "--store", "new.sqlite", "--identity", protected)
        #expect(run.status == 64)
        #expect(
            run.stderrText.contains(
                "'\(protected)' is a passphrase-protected (encrypted) identity file, which backupctl does not read."),
            "\(run.stderrText)")
        #expect(run.stderrText.contains("age -d \(protected) > key.txt"))
        #expect(!run.stderrText.contains("Line 1"))
        #expect(try !workspace.names().contains("new.sqlite"))
    }

    /// `--identity r.pub`, a file of public keys.
    @Test func aRecipientsFileGivenAsAnIdentityIsNamedAsOne() throws {
        let workspace = try CommandWorkspace()
        let key = try workspace.ageKey()
        let backup = try workspace.exportEncrypted(from: try workspace.sampleStore(), ["--recipient", key.recipient])
        let publicFile = workspace.path("r.pub")
        try Data((key.recipient + "\n").utf8).write(to: URL(fileURLWithPath: publicFile))
        let run = try workspace.backupctl("validate", backup, "--identity", publicFile)
        #expect(run.status == 64)
        #expect(
            run.stderrText.contains(
                "error: Line 1 of '\(publicFile)' is a recipient (a public key, age1…), not an identity: "
                    + "an identity file holds the secret key age-keygen writes (AGE-SECRET-KEY-1…)."),
            "\(run.stderrText)")
    }

    @Test func aWrongPassphraseHintsToCheckThePassphrase() throws {
        let workspace = try CommandWorkspace()
        let right = try workspace.passphraseFile("the right one", name: "right.txt")
        let wrong = try workspace.passphraseFile("the wrong one", name: "wrong.txt")
        let backup = try workspace.exportEncrypted(from: try workspace.sampleStore(), ["--passphrase-file", right])
        let run = try workspace.backupctl("validate", backup, "--passphrase-file", wrong)
        #expect(run.status == 77)
        #expect(run.stderrText.contains("Wrong passphrase"))
        #expect(
            run.stderrText.contains("\nhint: Check the passphrase: it must be exactly the one"), "\(run.stderrText)")
        #expect(!run.stderrText.contains("--identity"))
    }

    /// One flipped byte in `age-encryption.org/v1`: no longer taken for an age file, but not
    /// called "not a DomainDig backup" either.
    @Test(arguments: [0, 2, 3, 10, 18])
    func aDamagedVersionLineIsReportedAsADamagedEncryptedBackup(offset: Int) throws {
        try expectRefusalOfAnEncryptedBackup(saying: ["the file looks like a damaged age-encrypted backup"]) {
            var bytes = [UInt8]($0)
            bytes[offset] ^= 0x04
            return Data(bytes)
        }
    }

    /// An armored age file (`age -a`) is refused as one, with the way to read it: backupctl
    /// reads binary age files only.
    @Test func anArmoredAgeFileIsRefusedAsOne() throws {
        try expectRefusalOfAnEncryptedBackup(
            saying: ["the file is an ASCII-armored age file (age -a)", "standard input"]
        ) { encrypted in
            let body = encrypted.base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
            return Data("-----BEGIN AGE ENCRYPTED FILE-----\n\(body)\n-----END AGE ENCRYPTED FILE-----\n".utf8)
        }
    }

    /// Exports an encrypted backup, rewrites it with `change`, and expects `import` and
    /// `validate` with the right key to refuse it (65) with `phrases`, never as "not a DomainDig
    /// backup", and the store to be unchanged.
    private func expectRefusalOfAnEncryptedBackup(saying phrases: [String], _ change: (Data) -> Data) throws {
        let workspace = try CommandWorkspace()
        let key = try workspace.ageKey()
        let store = try workspace.sampleStore()
        let backup = try workspace.exportEncrypted(from: store, ["--recipient", key.recipient])
        try change(try workspace.contents(backup)).write(to: URL(fileURLWithPath: backup))
        let digests = try workspace.fileDigests(store)
        for command in ["import", "validate"] {
            let run = try workspace.backupctl(
                arguments: [command, backup, "--identity", key.identityFile.path]
                    + (command == "import" ? ["--store", store] : []))
            #expect(run.status == 65, "\(command): \(run.stderrText)")
            let printed = run.stdoutText + run.stderrText
            for phrase in phrases { #expect(printed.contains(phrase), "\(printed)") }
            #expect(!printed.contains("not a DomainDig backup"))
        }
        #expect(try workspace.fileDigests(store) == digests)
    }
}
