import Cryptography
import TestSupport
import Testing

@testable import AgeEncryption

@Suite struct AgeStreamTests {
    static let chunk = AgePayload.chunkByteCount
    let identity: X25519Identity

    init() throws {
        identity = try X25519Identity.generate()
    }

    /// Sizes around the 64 KiB chunk boundaries, where the final-chunk rules bite.
    @Test(arguments: [0, 1, 100, chunk - 1, chunk, chunk + 1, 2 * chunk, 3 * chunk + 17])
    func roundTripsThroughX25519(size: Int) throws {
        var generator = SeededBytes(seed: UInt64(size))
        let plaintext = generator.next(size)
        let file = try AgeRoundTrip.encrypt(plaintext, to: [.x25519(identity.recipient)], pieceSize: 9_999)
        let header = try AgeHeader.parse(file)
        #expect(
            Int64(file.count)
                == Int64(header.byteCount + AgePayload.nonceByteCount)
                + AgePayload.sealedChunkBytes(plaintextByteCount: Int64(size)))
        #expect(
            AgePayload.plaintextByteCount(
                sealedChunkBytes: Int64(file.count - header.byteCount - AgePayload.nonceByteCount)) == Int64(size))
        let (decrypted, error) = AgeRoundTrip.decrypt(file, with: [.x25519(identity)])
        #expect(error == nil)
        #expect(decrypted == plaintext)
    }

    @Test func roundTripsThroughAPassphraseAndSeveralRecipients() throws {
        let plaintext = Array("DomainDig".utf8)
        let passphrase = AgeRoundTrip.passphrase("correct horse battery staple")
        let sealed = try AgeRoundTrip.encrypt(
            plaintext, to: [.passphrase(ScryptRecipient(passphrase: passphrase, workFactor: 10))])
        #expect(String(decoding: sealed.prefix(40), as: UTF8.self).contains("-> scrypt "))
        #expect(
            AgeRoundTrip.decrypt(sealed, with: [.passphrase(ScryptIdentity(passphrase: passphrase))]).0 == plaintext)

        let other = try X25519Identity.generate()
        let shared = try AgeRoundTrip.encrypt(
            plaintext, to: [.x25519(other.recipient), .x25519(identity.recipient)])
        #expect(try AgeHeader.parse(shared).header.stanzas.count == 2)
        #expect(AgeRoundTrip.decrypt(shared, with: [.x25519(identity)]).0 == plaintext)
        #expect(AgeRoundTrip.decrypt(shared, with: [.x25519(other)]).0 == plaintext)
    }

    @Test func refusesRecipientListsTheFormatForbids() {
        let passphrase = ScryptRecipient(passphrase: AgeRoundTrip.passphrase("p"), workFactor: 10)
        #expect(throws: AgeError.noRecipients) { try AgeEncryptor(recipients: []) { _ in } }
        #expect(throws: AgeError.passphraseNotAlone) {
            try AgeEncryptor(recipients: [.passphrase(passphrase), .x25519(identity.recipient)]) { _ in }
        }
    }

    @Test func wrongKeysAreNoMatchesThatSayWhatWasTried() throws {
        let file = try AgeRoundTrip.encrypt([1, 2, 3], to: [.x25519(identity.recipient)])
        let stranger = try X25519Identity.generate()
        let (_, wrongKey) = AgeRoundTrip.decrypt(file, with: [.x25519(stranger)])
        #expect(
            wrongKey as? AgeError
                == .noMatchingIdentity(.init(passphraseProtected: false, identitiesTried: 1, passphrasesTried: 0)))
        let (_, none) = AgeRoundTrip.decrypt(file, with: [])
        #expect((none as? AgeError)?.category == .noMatch)

        let locked = try AgeRoundTrip.encrypt(
            [1], to: [.passphrase(ScryptRecipient(passphrase: AgeRoundTrip.passphrase("right"), workFactor: 10))])
        let (_, wrong) = AgeRoundTrip.decrypt(
            locked, with: [.passphrase(ScryptIdentity(passphrase: AgeRoundTrip.passphrase("wrong")))])
        #expect(
            wrong as? AgeError
                == .noMatchingIdentity(.init(passphraseProtected: true, identitiesTried: 0, passphrasesTried: 1)))
        #expect("\(wrong!)".contains("Wrong passphrase"))
    }

    /// A reader refuses a file with a high work factor before spending any memory on it.
    @Test func refusesAWorkFactorAboveItsLimit() throws {
        let locked = try AgeRoundTrip.encrypt(
            [1], to: [.passphrase(ScryptRecipient(passphrase: AgeRoundTrip.passphrase("p"), workFactor: 12))])
        let (_, error) = AgeRoundTrip.decrypt(
            locked, with: [.passphrase(ScryptIdentity(passphrase: AgeRoundTrip.passphrase("p"), maximumWorkFactor: 11))]
        )
        #expect(
            error as? AgeError
                == .malformedStanza(type: "scrypt", reason: "its work factor 2^12 is above the limit of 2^11"))
    }

    // MARK: Damage

    /// A three-chunk file and where its parts are.
    private func sample() throws -> (plaintext: [UInt8], file: [UInt8], payloadStart: Int) {
        var generator = SeededBytes(seed: 77)
        let plaintext = generator.next(2 * Self.chunk + 500)
        let file = try AgeRoundTrip.encrypt(plaintext, to: [.x25519(identity.recipient)])
        return (plaintext, file, try AgeHeader.parse(file).byteCount + AgePayload.nonceByteCount)
    }

    private func failure(_ file: [UInt8]) -> AgeError? {
        AgeRoundTrip.decrypt(file, with: [.x25519(identity)]).1 as? AgeError
    }

    /// The offset of `marker`'s first byte in `file`.
    private func offset(of marker: String, in file: [UInt8]) throws -> Int {
        let needle = Array(marker.utf8)
        return try #require(file.indices.first { file[$0...].starts(with: needle) })
    }

    @Test func aChangedHeaderIsRefused() throws {
        let (_, file, _) = try sample()
        let mac = try offset(of: "\n--- ", in: file) + 5
        // A MAC character swapped for another keeps the base64 canonical: the MAC fails.
        var alteredMAC = file
        alteredMAC[mac + 10] = alteredMAC[mac + 10] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        #expect(failure(alteredMAC) == .headerAuthenticationFailed)
        // A bit flipped into something that is not base64 breaks the grammar.
        var notBase64 = file
        notBase64[mac + 10] = UInt8(ascii: "*")
        #expect(failure(notBase64)?.category == .header)
        var version = file
        version[3] = UInt8(ascii: "X")
        #expect(failure(version) == .notAgeFile)
        // A changed share is cryptographically the same as a stanza for another key.
        var share = file
        let shareStart = try offset(of: "-> X25519 ", in: file) + 10
        share[shareStart + 5] = share[shareStart + 5] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        #expect(failure(share)?.category == .noMatch)
    }

    @Test func damagedChunksFailAuthenticationNamingTheChunk() throws {
        let (_, file, start) = try sample()
        var first = file
        first[start + 5] ^= 0x80
        #expect(failure(first) == .payloadAuthenticationFailed(chunk: 0))
        var last = file
        last[file.count - 1] ^= 0x01
        #expect(failure(last) == .payloadAuthenticationFailed(chunk: 2))
        var nonce = file
        nonce[start - 1] ^= 0x01
        #expect(failure(nonce) == .payloadAuthenticationFailed(chunk: 0))
    }

    @Test func truncationAndAppendedBytesAreRefused() throws {
        let (plaintext, file, start) = try sample()
        let atBoundary = Array(file[..<(start + 2 * AgePayload.sealedChunkByteCount)])
        let (released, error) = AgeRoundTrip.decrypt(atBoundary, with: [.x25519(identity)])
        #expect(error as? AgeError == .payloadTruncated(chunks: 2))
        #expect(released == Array(plaintext[..<(2 * Self.chunk)]))
        #expect(failure(Array(file[..<(file.count - 1)])) == .payloadAuthenticationFailed(chunk: 2))
        #expect(failure(Array(file[..<start])) == .payloadTruncated(chunks: 0))
        #expect(failure(Array(file[..<(start - 3)])) == .missingPayloadNonce)
        // Bytes appended after a short final chunk become part of it, which then fails.
        #expect(failure(file + [0]) == .payloadAuthenticationFailed(chunk: 2))
        // After a full final chunk they are bytes beyond the end.
        let full = try AgeRoundTrip.encrypt(Array(plaintext[..<(2 * Self.chunk)]), to: [.x25519(identity.recipient)])
        #expect(failure(full) == nil)
        #expect(failure(full + [0]) == .trailingData(afterChunk: 1))
        #expect(failure(full + file) == .trailingData(afterChunk: 1))
    }

    @Test func framingIsCheckedWithoutTheKey() {
        let sealed = Int64(AgePayload.sealedChunkByteCount)
        #expect(AgePayload.plaintextByteCount(sealedChunkBytes: 16) == 0)
        #expect(AgePayload.plaintextByteCount(sealedChunkBytes: 0) == nil)
        #expect(AgePayload.plaintextByteCount(sealedChunkBytes: 17) == 1)
        #expect(AgePayload.plaintextByteCount(sealedChunkBytes: sealed) == 65_536)
        #expect(AgePayload.plaintextByteCount(sealedChunkBytes: sealed + 16) == nil)
        #expect(AgePayload.plaintextByteCount(sealedChunkBytes: sealed + 10) == nil)
        #expect(AgePayload.plaintextByteCount(sealedChunkBytes: 2 * sealed + 17) == 131_073)
    }
}

extension AgeStreamTests {
    /// A second pass over the payload reuses the unwrapped file key.
    @Test func aRestartedDecryptorReadsThePayloadAgain() throws {
        var generator = SeededBytes(seed: 21)
        let plaintext = generator.next(150_000)
        let file = try AgeRoundTrip.encrypt(plaintext, to: [.x25519(identity.recipient)])
        let first = try AgeDecryptor(identities: [.x25519(identity)], input: AgeRoundTrip.input(file))
        #expect(first.headerByteCount == (try AgeHeader.parse(file)).byteCount)
        for _ in 0..<2 {
            let again = try first.restarted(payloadInput: AgeRoundTrip.input(file, from: first.headerByteCount))
            let (read, error) = AgeRoundTrip.drain(again, readSize: 40_000)
            #expect(error == nil)
            #expect(read == plaintext)
        }
    }
}
