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
                source: "key.txt", line: 3, reason: "not an age identity: it is not text of the form AGE-SECRET-KEY-1…")
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
        do {
            _ = try AgeKeyFile.recipients(in: Array("# x\nage1nope\n".utf8), source: "team.txt")
        } catch {
            #expect("\(error)".hasPrefix("Line 2 of 'team.txt': 'age1nope' is not an age recipient"))
        }
    }
}
