import AgeEncryption
import Cryptography
import Foundation
import TestSupport
import Testing

@testable import FuzzHarnesses

/// The `ageheader` harness's identities and seeds: the files meant to take the fuzzer past the
/// header's MAC into the payload do so, and a work factor above the harness's low scrypt limit
/// is refused. (Its invariants, as preconditions, are checked on every seed here too.)
@Suite struct AgeHeaderHarnessTests {
    static let agePlaintext = Array("A backupctl fuzzing seed, encrypted by age 1.1.1.\n".utf8)

    /// The age file of a test-kit vector: its bytes after the textual header's blank line.
    static func testKitFile(_ name: String) throws -> [UInt8] {
        let bytes = [UInt8](try Fixtures.data("age-testkit/\(name)"))
        let blankLine = try #require(bytes.indices.dropLast().first { bytes[$0] == 0x0A && bytes[$0 + 1] == 0x0A })
        return Array(bytes[(blankLine + 2)...])
    }

    static func reading(_ file: [UInt8]) -> AgeFileReading {
        AgeFileReading(decrypting: file, with: FuzzHarness.ageTestIdentities())
    }

    @Test func theHarnessKeyIsTheTestKitsIdentityAndTheAgeToolFilesRecipient() throws {
        // The kit's x25519 vector names the identity in its textual header.
        let vector = String(decoding: try Fixtures.data("age-testkit/x25519"), as: UTF8.self)
        let line = try #require(vector.split(separator: "\n").first { $0.hasPrefix("identity: ") })
        let kit = try X25519Identity(encoded: Array(line.dropFirst("identity: ".count).utf8))
        let key = FuzzHarness.ageTestKey.withUnsafeBytes { SecretBytes(copying: $0) }
        let harness = X25519Identity(privateKey: try X25519PrivateKey(rawRepresentation: key))
        #expect(harness.recipient == kit.recipient)
        #expect(harness.recipient.description == "age1xmwwc06ly3ee5rytxm9mflaz2u56jjj36s0mypdrwsvlul66mv4q47ryef")
    }

    @Test(arguments: ["x25519.age", "x25519-three-recipients.age", "x25519-empty.age"])
    func filesTheAgeToolEncryptedToTheTestKeyDecrypt(name: String) throws {
        let reading = Self.reading([UInt8](try Fixtures.data("age-cli/\(name)")))
        #expect(reading.failure == nil)
        #expect(reading.header != nil)
        #expect(reading.plaintext == (name == "x25519-empty.age" ? [] : Self.agePlaintext))
    }

    @Test(arguments: ["x25519", "x25519_multiple_recipients", "x25519_grease", "scrypt"])
    func testKitFilesForTheTestKeyOrPassphraseDecrypt(name: String) throws {
        let reading = Self.reading(try Self.testKitFile(name))
        #expect(reading.failure == nil)
        #expect(reading.header != nil)
        #expect(!reading.plaintext.isEmpty)
    }

    @Test func aHeaderWithAWrongMACIsOpenedAndRefused() throws {
        let reading = Self.reading(try Self.testKitFile("hmac_bad"))
        #expect(reading.failure == .age(.headerAuthenticationFailed))
        #expect(reading.header == nil)
    }

    @Test func aWorkFactorAboveTheHarnessLimitIsRefused() throws {
        // age 1.1.1 writes 2^18; the test kit's over-the-limit vector asks for 2^23.
        for (file, workFactor) in [
            ([UInt8](try Fixtures.data("age-cli/scrypt.age")), 18), (try Self.testKitFile("scrypt_work_factor_23"), 23),
        ] {
            let reading = Self.reading(file)
            #expect(
                reading.failure
                    == .age(
                        .malformedStanza(
                            type: "scrypt",
                            reason:
                                "its work factor 2^\(workFactor) is above the limit of 2^\(FuzzHarness.ageMaximumWorkFactor)"
                        )))
        }
    }

    @Test func readingInPiecesSeesWhatReadingWholeSees() throws {
        let file = [UInt8](try Fixtures.data("age-cli/x25519-three-recipients.age"))
        let whole = Self.reading(file)
        for lengths in [[1], FuzzHarness.agePieceLengths, [5, 300]] {
            let pieces = AgeFileReading(
                decrypting: file, with: FuzzHarness.ageTestIdentities(), pieceLengths: lengths)
            #expect(pieces == whole)
        }
    }

    @Test func aHeaderPastTheSizeLimitIsRefusedByTheDecryptorWhateverItsReads() {
        // A stanza whose body never ends, past 1 MiB: the parser, given it all, names the
        // stanza; the decryptor stops reading at the limit. The harness compares the two only
        // below the limit, and the fuzzer's small inputs never reach it.
        let bodyLine = Array(String(repeating: "A", count: 64).utf8) + [0x0A]
        let lines = AgeHeader.maximumByteCount / bodyLine.count + 1
        let file =
            Array("age-encryption.org/v1\n-> X25519 AAAA\n".utf8)
            + Array([[UInt8]](repeating: bodyLine, count: lines).joined())
        #expect(throws: AgeError.malformedHeader("the header ends inside the stanza that starts on line 2")) {
            try AgeHeader.parse(file)
        }
        for lengths in [nil, FuzzHarness.agePieceLengths] {
            let reading = AgeFileReading(decrypting: file, with: FuzzHarness.ageTestIdentities(), pieceLengths: lengths)
            #expect(reading.failure == .age(.headerTooLarge(byteLimit: AgeHeader.maximumByteCount)))
        }
        #expect(FuzzHarness.ageHeader.run(file) == .keep)
    }

    @Test func inputsThatAreNotAgeStayOutOfTheCorpus() throws {
        #expect(FuzzHarness.ageHeader.run(try Self.testKitFile("armor_x25519")) == .reject)
        #expect(FuzzHarness.ageHeader.run([UInt8](try Fixtures.data("Backups/v1.json"))) == .reject)
        #expect(FuzzHarness.ageHeader.run(try Self.testKitFile("version_unsupported")) == .keep)
        #expect(FuzzHarness.ageHeader.run(try Self.testKitFile("x25519")) == .keep)
    }

    @Test func everyTestKitVectorAndAgeToolFileRunsThroughTheHarness() throws {
        let kit = try FileManager.default.contentsOfDirectory(atPath: Fixtures.url("age-testkit").path)
            .filter { !["README.md", "LICENSE", "ORIGIN", "SOURCE-COMMIT"].contains($0) }
        for name in kit { FuzzHarness.ageHeader.run(try Self.testKitFile(name)) }
        let tool = try FileManager.default.contentsOfDirectory(atPath: Fixtures.url("age-cli").path)
            .filter { $0.hasSuffix(".age") }
        for name in tool { FuzzHarness.ageHeader.run([UInt8](try Fixtures.data("age-cli/\(name)"))) }
        #expect(kit.count == 143)
        #expect(tool.count == 4)
    }
}
