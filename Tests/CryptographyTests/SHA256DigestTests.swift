import Cryptography
import Testing

@Suite struct SHA256DigestTests {
    let emptyDigest = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

    @Test func parsesAndPrintsHex() throws {
        let digest = try #require(SHA256Digest(hexString: emptyDigest))
        #expect(digest.hexString == emptyDigest)
        #expect(digest.description == emptyDigest)
        #expect(digest.bytes.count == 32)
        #expect(digest.bytes.first == 0xE3 && digest.bytes.last == 0x55)
        #expect(digest == (try SHA256Hasher.digest(of: [UInt8]())))
    }

    @Test func acceptsUppercaseAndPrintsLowercase() throws {
        let digest = try #require(SHA256Digest(hexString: emptyDigest.uppercased()))
        #expect(digest.hexString == emptyDigest)
    }

    @Test(arguments: [
        "", "abc", String(repeating: "0", count: 63), String(repeating: "0", count: 65),
        String(repeating: "g", count: 64), " " + String(repeating: "0", count: 63),
    ])
    func rejectsMalformedHex(text: String) {
        #expect(SHA256Digest(hexString: text) == nil)
    }

    @Test func requiresExactly32Bytes() {
        #expect(SHA256Digest(bytes: [UInt8](repeating: 1, count: 31)) == nil)
        #expect(SHA256Digest(bytes: [UInt8](repeating: 1, count: 32))?.hexString == String(repeating: "01", count: 32))
    }
}
