import Cryptography
import TestSupport
import Testing

@Suite struct ChaCha20Poly1305Tests {
    private func hex(_ text: String) throws -> [UInt8] { try #require(HexEncoding.bytes(from: text)) }

    private func cipher(key text: String) throws -> ChaCha20Poly1305 {
        let key = try hex(text)
        return try ChaCha20Poly1305(key: key.withUnsafeBytes { SecretBytes(copying: $0) })
    }

    /// A cipher whose key repeats the byte `keyByte` (hexadecimal), a nonce of `nonceByte`s,
    /// `count` seeded bytes, and those bytes sealed.
    private func sealedSample(key keyByte: String, nonce nonceByte: UInt8, seed: UInt64, count: Int) throws -> (
        cipher: ChaCha20Poly1305, nonce: [UInt8], message: [UInt8], sealed: [UInt8]
    ) {
        let cipher = try cipher(key: String(repeating: keyByte, count: 32))
        let nonce = [UInt8](repeating: nonceByte, count: 12)
        var generator = SeededBytes(seed: seed)
        let message = generator.next(count)
        return (cipher, nonce, message, try message.withUnsafeBytes { try cipher.seal($0, nonce: nonce) })
    }

    /// Wycheproof's chacha20_poly1305_test.json, the cases without associated data (tcId 2, 4,
    /// 6, 8, 10, 26).
    static let wycheproof: [(key: String, nonce: String, message: String, ciphertext: String, tag: String)] = [
        (
            "80ba3192c803ce965ea371d5ff073cf0f43b6a2ab576b208426e11409c09b9b0", "4da5bf8dfd5852c1ea12379d", "", "",
            "76acb342cf3166a5b63c0c0ea1383c8d"
        ),
        (
            "cc56b680552eb75008f5484b4cb803fa5063ebd6eab91f6ab6aef4916a766273", "99e23ec48985bccdeeab60f1", "2a", "3a",
            "cac27dec0968801e9f6eded69d807522"
        ),
        (
            "2f7f7e4f592bb389194989743507bf3ee9cbde1786b6695fe6c025fd9ba4c100", "461af122e9f2e0347e03f2db", "5c60",
            "4d13", "91e8b61efb39c122195453077b22e5e2"
        ),
        (
            "bd8ed7fb0d607522f04d0b12d42c92570bccc5ba2486953d70ba2e8193f6225a", "d2ab0abb50a8e9fba25429e1", "201221",
            "3cf470", "a27a69c9d7ee84586f11388c6884e63a"
        ),
        (
            "e4912cb75a1174345f1a457366f18885fe8460b06478e04be2f7fb4ec9c113e5", "7aa5ad8bf5254762171ec869",
            "9e4c1d03", "fe6849aa", "99ad07871b25c27defc31a541bd5c418"
        ),
        (
            "99b62bd5afbe3fb015bde93f0abf483957a1c3eb3ca59cb50b39f7f8a9cc51be", "9a59fce26df0005e07538656",
            "42baae5978feaf5c368d14e0", "ff7dc203b26c467a6b50db33", "578c0f2758c2e14e36d4fc106dcb29b4"
        ),
    ]

    @Test(arguments: wycheproof.indices)
    func sealsAndOpensWycheproofVectors(index: Int) throws {
        let vector = Self.wycheproof[index]
        let cipher = try cipher(key: vector.key)
        let message = try hex(vector.message)
        let sealed = try message.withUnsafeBytes { try cipher.seal($0, nonce: try hex(vector.nonce)) }
        #expect(HexEncoding.string(from: sealed) == vector.ciphertext + vector.tag)
        let opened = try sealed.withUnsafeBytes { try cipher.openSecret($0, nonce: try hex(vector.nonce)) }
        #expect(opened.withUnsafeBytes { Array($0) } == message)
    }

    @Test func refusesAnyChangedByteAndZeroesTheOutput() throws {
        let (cipher, nonce, message, sealed) = try sealedSample(key: "42", nonce: 0, seed: 3, count: 100)
        for position in [0, 50, 99, 100, 115] {
            var damaged = sealed
            damaged[position] ^= 0x01
            var output = [UInt8](repeating: 0xEE, count: message.count)
            #expect(throws: CryptographyError.authenticationFailed) {
                try damaged.withUnsafeBytes { damaged in
                    try nonce.withUnsafeBytes { nonce in
                        try output.withUnsafeMutableBytes { try cipher.open(damaged, nonce: nonce, into: $0) }
                    }
                }
            }
            #expect(output.allSatisfy { $0 == 0 })
        }
        var otherNonce = nonce
        otherNonce[11] = 1
        #expect(throws: CryptographyError.authenticationFailed) {
            try sealed.withUnsafeBytes { try cipher.openSecret($0, nonce: otherNonce) }
        }
    }

    @Test func sealsInPlace() throws {
        let (cipher, nonce, message, expected) = try sealedSample(key: "17", nonce: 5, seed: 9, count: 70_000)
        var buffer = message + [UInt8](repeating: 0, count: 16)
        try buffer.withUnsafeMutableBytes { buffer in
            try nonce.withUnsafeBytes { nonce in
                try cipher.seal(
                    UnsafeRawBufferPointer(rebasing: buffer[..<message.count]), nonce: nonce, into: buffer)
            }
        }
        #expect(buffer == expected)
    }
}
