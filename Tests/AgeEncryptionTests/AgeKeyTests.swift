import AgeEncryption
import Cryptography
import Testing

@Suite struct AgeKeyTests {
    /// The key pair in the age specification's X25519 section.
    static let specIdentity = "AGE-SECRET-KEY-1GFPYYSJZGFPYYSJZGFPYYSJZGFPYYSJZGFPYYSJZGFPYYSJZGFPQ4EGAEX"
    static let specRecipient = "age1zvkyg2lqzraa2lnjvqej32nkuu0ues2s82hzrye869xeexvn73equnujwj"

    private func invalidIdentityReason(_ text: String) -> String? {
        do {
            _ = try X25519Identity(encoded: Array(text.utf8))
            return nil
        } catch AgeError.invalidIdentity(let reason) {
            return reason
        } catch {
            return "unexpected \(error)"
        }
    }

    private func invalidRecipientReason(_ text: String) -> String? {
        do {
            _ = try X25519Recipient(text)
            return nil
        } catch AgeError.invalidRecipient(_, let reason) {
            return reason
        } catch {
            return "unexpected \(error)"
        }
    }

    @Test func theSpecificationsIdentityHasItsRecipient() throws {
        let identity = try X25519Identity(encoded: Array(Self.specIdentity.utf8))
        #expect(identity.recipient.description == Self.specRecipient)
        #expect(try X25519Recipient(Self.specRecipient) == identity.recipient)
        #expect(try identity.encoded().withUnsafeBytes { Array($0) } == Array(Self.specIdentity.utf8))
    }

    @Test func generatedIdentitiesRoundTripThroughTheirText() throws {
        let identity = try X25519Identity.generate()
        let text = try identity.encoded().withUnsafeBytes { Array($0) }
        #expect(text.starts(with: "AGE-SECRET-KEY-1".utf8) && text.count == 74)
        #expect(try X25519Identity(encoded: text).recipient == identity.recipient)
        #expect(identity.recipient.description.hasPrefix("age1") && identity.recipient.description.count == 62)
    }

    @Test func identitiesAreRefusedWithoutBeingQuoted() {
        let lowercase = Self.specIdentity.lowercased()
        #expect(invalidIdentityReason(lowercase) == "age identities are written in uppercase")
        var mistyped = Array(Self.specIdentity.utf8)
        mistyped[20] = UInt8(ascii: "Q")
        #expect(
            invalidIdentityReason(String(decoding: mistyped, as: UTF8.self))
                == "its checksum does not match (a character is mistyped or missing)")
        #expect(invalidIdentityReason(Self.specRecipient) == "it is not an AGE-SECRET-KEY-1… identity")
        #expect(
            invalidIdentityReason("-----BEGIN OPENSSH PRIVATE KEY-----")
                == "SSH keys are not supported; use an identity made by age-keygen")
        let pq = Bech32.encode(humanReadablePart: "AGE-SECRET-KEY-PQ-", bytes: [UInt8](repeating: 1, count: 32))
        #expect(
            invalidIdentityReason(pq.uppercased())
                == "post-quantum (AGE-SECRET-KEY-PQ-1…) identities are not supported")
        let short = Bech32.encode(humanReadablePart: "AGE-SECRET-KEY-", bytes: [UInt8](repeating: 1, count: 31))
        #expect(invalidIdentityReason(short.uppercased()) == "it holds 31 bytes instead of 32")
        // The message names the problem only: no part of the key is ever printed.
        let error = AgeError.invalidIdentity(reason: invalidIdentityReason(lowercase)!)
        #expect(!error.description.lowercased().contains("gfpyysjz"))
    }

    @Test func recipientsAreRefusedWithTheReason() {
        #expect(invalidRecipientReason(Self.specRecipient.uppercased()) == "age recipients are written in lowercase")
        #expect(
            invalidRecipientReason("ssh-ed25519 AAAAC3Nza")
                == "SSH public keys are not supported; use an age1… recipient")
        #expect(
            invalidRecipientReason(Self.specRecipient.replacingOccurrences(of: "zvky", with: "zvkz"))
                == "its checksum does not match (a character is mistyped or missing)")
        let pq = Bech32.encode(humanReadablePart: "age1pq", bytes: [UInt8](repeating: 1, count: 40))
        #expect(
            invalidRecipientReason(pq)
                == "post-quantum (age1pq…) recipients are not supported; use an X25519 age1… recipient")
        let plugin = Bech32.encode(humanReadablePart: "age1yubikey", bytes: [UInt8](repeating: 1, count: 33))
        #expect(invalidRecipientReason(plugin) == "plugin recipients (age1yubikey…) are not supported")
        #expect(invalidRecipientReason("") == "it is not Bech32 text of the form age1…")
    }

    /// A recipient that is a point of small order would make every file readable by anyone
    /// who knows the ephemeral share; encryption to it is refused.
    @Test func encryptionToALowOrderRecipientIsRefused() throws {
        let zero = X25519Recipient(publicKey: try X25519PublicKey(rawRepresentation: [UInt8](repeating: 0, count: 32)))
        #expect(
            throws: AgeError.invalidRecipient(
                zero.description, reason: "it is a point of small order, which no real key is")
        ) {
            try AgeEncryptor(recipients: [.x25519(zero)]) { _ in }
        }
    }
}
