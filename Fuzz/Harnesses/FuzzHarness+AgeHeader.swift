import AgeEncryption
import Cryptography

extension FuzzHarness {
    /// The X25519 identity the harness decrypts with: the C2SP age test kit's usual one (a
    /// published test key, `AGE-SECRET-KEY-1EGTZVFFV20835NWYV6270LXYVK2VKNX2MMDKWYKLMGR48UAWX40Q2P2LM0`),
    /// so the kit's vectors and the files in `Tests/Fixtures/age-cli`, encrypted to it, take the
    /// fuzzer past the MAC into the payload. Its raw bytes, not its Bech32 text: decoding that
    /// for every input took a quarter of the harness's time.
    static let ageTestKey: [UInt8] = {
        guard let key = HexEncoding.bytes(from: "ca1626252c53cf1a4dc46695e7fcc46594cb4ccadedb6712dfda0753f3ae355e")
        else { preconditionFailure("the age test key is not hexadecimal") }
        return key
    }()
    /// The passphrase of the test kit's scrypt vectors.
    static let ageTestPassphrase = "password"
    /// The largest scrypt work factor the harness's passphrase identity accepts. The test kit's
    /// files use 2^10 (1 MiB, a few milliseconds), so they open; anything above is refused before
    /// scrypt runs, as ``ScryptIdentity/defaultMaximumWorkFactor`` (age's own 2^22, 4 GiB) bounds
    /// what a real reader spends.
    static let ageMaximumWorkFactor = 10
    /// The read lengths of the second reading, in turn: uneven, from 1 byte up, so the header's
    /// end, the MAC line and the payload's chunks fall across reads everywhere as the fuzzer
    /// shifts bytes.
    static let agePieceLengths = [1, 2, 3, 5, 8, 13, 21, 34, 55, 89]

    /// The identities the harness tries, in this order: the test key, then the passphrase.
    static func ageTestIdentities() -> [AgeIdentity] {
        let key = ageTestKey.withUnsafeBytes { SecretBytes(copying: $0) }
        guard let privateKey = try? X25519PrivateKey(rawRepresentation: key) else {
            preconditionFailure("libcrypto refuses the age test key")
        }
        let passphrase = Array(ageTestPassphrase.utf8).withUnsafeBytes { SecretBytes(copying: $0) }
        return [
            .x25519(X25519Identity(privateKey: privateKey)),
            .passphrase(ScryptIdentity(passphrase: passphrase, maximumWorkFactor: ageMaximumWorkFactor)),
        ]
    }

    /// Parses the bytes as an age header with `AgeHeader.parse`, then decrypts them as a whole
    /// file with `AgeDecryptor` — which reads its header through the same parser — twice: with
    /// reads as large as it asks for, and in pieces of 1 to 89 bytes. Checked: a header that
    /// parses is canonical (its encoding is exactly its bytes); both readings see the same
    /// header, plaintext and error; the decryptor refuses with the parser's own error whatever
    /// the parser refuses, and opens the header the parser read.
    static func fuzzAgeHeader(_ input: UnsafeRawBufferPointer) -> Verdict {
        let parsed = Result { try AgeHeader.parse(input) }
        if case .success(let parsed) = parsed { checkCanonical(parsed, of: input) }

        let file = Array(input)
        let identities = ageTestIdentities()
        let reading = AgeFileReading(decrypting: file, with: identities)
        precondition(
            AgeFileReading(decrypting: file, with: identities, pieceLengths: agePieceLengths) == reading,
            "the decryptor reads the same bytes differently when they arrive in pieces")

        switch parsed {
        case .failure(let error):
            let failure = AgeFileReading.Failure(error)
            // Past the size limit the decryptor stops reading with its own error first.
            if file.count <= AgeHeader.maximumByteCount {
                precondition(reading.failure == failure, "the decryptor and the parser refuse differently")
            }
            // Not age at all: refused at its first bytes, and no input for this corpus.
            if failure == .age(.notAgeFile) { return .reject }
        case .success(let parsed):
            if let header = reading.header {
                precondition(header == parsed.header, "the decryptor opened another header than the parser read")
            }
        }
        return .keep
    }

    /// A header that parses is canonical: encoded again it is exactly the bytes it was read
    /// from, and its MAC covers what its stanzas encode to.
    private static func checkCanonical(_ parsed: AgeHeader.Parsed, of input: UnsafeRawBufferPointer) {
        let header = parsed.header
        precondition(parsed.byteCount <= input.count, "the header is longer than the input")
        precondition(
            header.encoded.elementsEqual(input[..<parsed.byteCount]),
            "a parsed header, encoded again, differs from the bytes it was read from")
        precondition(
            AgeHeader(stanzas: header.stanzas, mac: header.mac) == header,
            "the bytes the MAC covers differ from what the stanzas encode to")
    }
}
