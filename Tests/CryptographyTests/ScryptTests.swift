import Cryptography
import Testing

@Suite struct ScryptTests {
    private func secret(_ text: String) -> SecretBytes {
        Array(text.utf8).withUnsafeBytes { SecretBytes(copying: $0) }
    }

    /// RFC 7914 §12, the first two vectors (the others take seconds and a gigabyte).
    @Test func matchesRFC7914() throws {
        let empty = try Scrypt.deriveKey(
            passphrase: secret(""), salt: [UInt8](), logN: 4, r: 1, p: 1, outputByteCount: 64)
        #expect(
            empty.withUnsafeBytes { HexEncoding.string(from: $0) }
                == "77d6576238657b203b19ca42c18a0497f16b4844e3074ae8dfdffa3fede21442"
                + "fcd0069ded0948f8326a753a0fc81f17e8d3e0fb2e0d3628cf35e20c38d18906")
        let password = try Scrypt.deriveKey(
            passphrase: secret("password"), salt: Array("NaCl".utf8), logN: 10, r: 8, p: 16, outputByteCount: 64)
        #expect(
            password.withUnsafeBytes { HexEncoding.string(from: $0) }
                == "fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b373162"
                + "2eaf30d92e22a3886ff109279d9830dac727afb94a83ee6d8360cbdfa2cc0640")
    }

    @Test func statesItsMemoryBeforeSpendingIt() {
        // N = 2^18, r = 8: 256 MiB of V plus one 1 KiB block per lane.
        #expect(Scrypt.memoryRequired(logN: 18, r: 8, p: 1) == 128 * 8 * ((1 << 18) + 3))
    }

    @Test(arguments: [(0, 8, 1), (63, 8, 1), (10, 0, 1), (10, 1 << 15, 1 << 15)])
    func refusesParametersOutOfRange(logN: Int, r: Int, p: Int) {
        #expect(throws: CryptographyError.self) {
            try Scrypt.deriveKey(passphrase: secret("x"), salt: [UInt8](), logN: logN, r: r, p: p)
        }
    }
}
