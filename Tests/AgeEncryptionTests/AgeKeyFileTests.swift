import AgeEncryption
import Cryptography
import Testing

@Suite struct AgeKeyFileTests {
    private func secret(_ text: String) -> SecretBytes {
        Array(text.utf8).withUnsafeBytes { SecretBytes(copying: $0) }
    }

    @Test func readsAnIdentityFileAsAgeKeygenWritesIt() throws {
        let text = """
            # created: 2024-05-01T10:00:00Z
            # public key: \(AgeKeyTests.specRecipient)
            \(AgeKeyTests.specIdentity)\r

            # a second key
            \(String(decoding: try X25519Identity.generate().encoded().withUnsafeBytes { Array($0) }, as: UTF8.self))
            """
        let identities = try AgeKeyFile.identities(in: secret(text), source: "key.txt")
        #expect(identities.count == 2)
        #expect(identities[0].recipient.description == AgeKeyTests.specRecipient)
    }

    @Test func namesTheLineOfABadIdentityWithoutQuotingIt() {
        let text = "# comment\n\(AgeKeyTests.specIdentity)\n  \(AgeKeyTests.specIdentity)\n"
        #expect(
            throws: AgeError.invalidKeyFile(
                source: "key.txt", line: 3,
                reason: "is not an age identity: it is not text of the form AGE-SECRET-KEY-1…")
        ) {
            try AgeKeyFile.identities(in: secret(text), source: "key.txt")
        }
        #expect(throws: AgeError.emptyKeyFile(source: "key.txt")) {
            try AgeKeyFile.identities(in: secret("# nothing here\n\n"), source: "key.txt")
        }
    }

    @Test func readsARecipientsFile() throws {
        let other = try X25519Identity.generate().recipient.description
        let text = "# team\n\(AgeKeyTests.specRecipient)\n\n\(other)\r\n"
        let recipients = try AgeKeyFile.recipients(in: Array(text.utf8), source: "team.txt")
        #expect(recipients.map(\.description) == [AgeKeyTests.specRecipient, other])
        #expect(throws: AgeError.self) {
            try AgeKeyFile.recipients(in: Array("age1nope\n".utf8), source: "team.txt")
        }
        let error = try #require(throws: AgeError.self) {
            try AgeKeyFile.recipients(in: Array("# x\nage1nope\n".utf8), source: "team.txt")
        }
        #expect("\(error)".hasPrefix("Line 2 of 'team.txt' ('age1nope') is not an age recipient: it "))
        #expect(!"\(error)".contains(".."))
    }

    @Test func aSecretKeyInARecipientsFileIsNamedAsOneAndNeverQuoted() throws {
        for secret in [AgeKeyTests.specIdentity, AgeKeyTests.specIdentity.lowercased(), "AGE-PLUGIN-YUBIKEY-1QQQQ"] {
            let text = "# team\n\(AgeKeyTests.specRecipient)\n\(secret)\n"
            let error = try #require(throws: AgeError.self) {
                try AgeKeyFile.recipients(in: Array(text.utf8), source: "key.txt")
            }
            #expect(
                "\(error)"
                    == "Line 3 of 'key.txt' is a secret key, not a recipient (give the public key: age-keygen -y FILE)."
            )
        }
    }

    @Test func anEncryptedIdentityFileIsNamedAsOne() {
        for start in ["age-encryption.org/v1\n-> scrypt abc 18\n", "-----BEGIN AGE ENCRYPTED FILE-----\nYWdl\n"] {
            #expect(throws: AgeError.encryptedIdentityFile(source: "key.age")) {
                try AgeKeyFile.identities(in: secret(start), source: "key.age")
            }
        }
        #expect(
            AgeError.encryptedIdentityFile(source: "key.age").description.contains(
                "is a passphrase-protected (encrypted) identity file, which backupctl does not read"))
    }

    @Test func aRecipientGivenAsAnIdentityIsNamedAsOne() throws {
        let error = try #require(throws: AgeError.self) {
            try AgeKeyFile.identities(in: secret("# public\n\(AgeKeyTests.specRecipient)\n"), source: "r.pub")
        }
        #expect("\(error)".hasPrefix("Line 2 of 'r.pub' is a recipient (a public key, age1…), not an identity"))
    }
}
