import Cryptography
import Foundation
import TestSupport
import Testing

@Suite struct HMACSHA256Tests {
    /// RFC 4231 §4: test cases 1, 2, 3, 4, 6 and 7 (5 truncates the output, which HMAC-SHA-256 users do not).
    static let rfc4231: [(key: String, data: String, mac: String)] = [
        (
            String(repeating: "0b", count: 20), "4869205468657265",
            "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
        ),
        (
            "4a656665", "7768617420646f2079612077616e7420666f72206e6f7468696e673f",
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        ),
        (
            String(repeating: "aa", count: 20), String(repeating: "dd", count: 50),
            "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"
        ),
        (
            "0102030405060708090a0b0c0d0e0f10111213141516171819", String(repeating: "cd", count: 50),
            "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"
        ),
        (
            String(repeating: "aa", count: 131),
            HexEncoding.string(from: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8)),
            "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
        ),
        (
            String(repeating: "aa", count: 131),
            HexEncoding.string(
                from: Array(
                    ("This is a test using a larger than block-size key and a larger than block-size data. "
                        + "The key needs to be hashed before being used by the HMAC algorithm.").utf8)),
            "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"
        ),
    ]

    @Test(arguments: rfc4231.indices)
    func matchesRFC4231(index: Int) throws {
        let vector = Self.rfc4231[index]
        let key = try #require(HexEncoding.bytes(from: vector.key))
        let data = try #require(HexEncoding.bytes(from: vector.data))
        #expect(HexEncoding.string(from: try HMACSHA256.authenticationCode(for: data, key: key)) == vector.mac)
    }

    @Test func incrementalUpdatesEqualOneCall() throws {
        var generator = SeededBytes(seed: 42)
        let key = generator.next(40)
        let message = generator.next(10_000)
        let mac = try HMACSHA256(key: key)
        forEachGrowingChunk(of: message, factor: 2) { mac.update($0) }
        #expect(mac.finalize() == (try HMACSHA256.authenticationCode(for: message, key: key)))
    }

    /// An empty key is a key of its own (64 zero bytes after padding), not "no key".
    @Test func emptyKeyMatchesPythonHMAC() throws {
        let message = Array("age-encryption.org/v1".utf8)
        let ours = try HMACSHA256.authenticationCode(for: message, key: [UInt8]())
        let output = try ProcessRunner.python(
            "import hmac, hashlib, sys; print(hmac.new(b'', sys.stdin.buffer.read(), hashlib.sha256).hexdigest())",
            stdin: Data(message))
        try #require(output.status == 0)
        #expect(HexEncoding.string(from: ours) == output.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test func secretKeysAreAccepted() throws {
        let key = SecretBytes(count: 3) { $0.copyBytes(from: Array("key".utf8)) }
        let message = Array("The quick brown fox jumps over the lazy dog".utf8)
        #expect(
            HexEncoding.string(from: try HMACSHA256.authenticationCode(for: message, key: key))
                == "f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8")
    }
}
