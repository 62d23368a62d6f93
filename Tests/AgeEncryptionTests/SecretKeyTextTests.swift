import AgeEncryption
import Testing

@Suite struct SecretKeyTextTests {
    @Test func recognizesSecretKeysInAnyCaseAndPluginIdentities() {
        for text in [
            AgeKeyTests.specIdentity, AgeKeyTests.specIdentity.lowercased(), "./AGE-secret-KEY-1ABC",
            "AGE-PLUGIN-YUBIKEY-1QQQQ", "age-plugin-xyzw",
        ] {
            #expect(SecretKeyText.contains(text.utf8), "\(text)")
        }
        // The forms messages name keys by (`AGE-SECRET-KEY-1…`) hold no key.
        for text in [
            AgeKeyTests.specRecipient, "key.txt", "AGE-SECRET", "age-secret-key", "", "AGE-PLUGIN", "AGE-SECRET-KEY-1…",
            "(AGE-SECRET-KEY-1…).", "AGE-PLUGIN-…", "AGE-SECRET-KEY-PQ-1…",
        ] {
            #expect(!SecretKeyText.contains(text.utf8), "\(text)")
        }
    }

    @Test func redactsEveryWordThatHoldsASecretAndNothingElse() {
        let key = AgeKeyTests.specIdentity
        #expect(
            SecretKeyText.redacting("error: \(key): No such file or directory")
                == "error: [a secret key, not printed]: No such file or directory")
        #expect(
            SecretKeyText.redacting("'\(key.lowercased())' and \"x/\(key)\" in key.txt")
                == "'[a secret key, not printed]' and \"[a secret key, not printed]\" in key.txt")
        #expect(SecretKeyText.redacting("nothing secret: age1abc key.txt") == "nothing secret: age1abc key.txt")
        let named = "an identity file holds the secret key age-keygen writes (AGE-SECRET-KEY-1…)."
        #expect(SecretKeyText.redacting(named) == named)
    }

    @Test func recipientsRefuseASecretKeyWithoutCarryingIt() {
        #expect(throws: AgeError.secretKeyAsRecipient) { try X25519Recipient(AgeKeyTests.specIdentity) }
        #expect(!AgeError.secretKeyAsRecipient.description.contains("AGE-SECRET-KEY-1G"))
    }

    @Test(arguments: [
        "agf-encryption.org/v1\n-> X25519 abc\n", "age-encryption.org/v2\n", "age-encryptionXorg/v1\n",
        "age-encryption.org/v1X-> X25519 abc\n", "AGE-ENCRYPTION.ORG/V1\n", "ag-encryption.org/v1\n",
        "bge-encryption.org/v1\n", "age-encryption.org/V2",
    ])
    func aDamagedVersionLineIsRecognized(start: String) {
        #expect(AgeHeader.resemblesDamagedVersionLine(Array(start.utf8)))
    }

    @Test(arguments: [
        "{\"schemaVersion\": 1}", "\u{28}\u{B5}\u{2F}\u{FD}", "ag", "", "manifest.json\n", "a-encrypt/v1\n",
    ])
    func otherStartsAreNot(start: String) {
        #expect(!AgeHeader.resemblesDamagedVersionLine(Array(start.utf8)))
    }
}
