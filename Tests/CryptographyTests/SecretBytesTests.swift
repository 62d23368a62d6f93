import Cryptography
import Testing

@Suite struct SecretBytesTests {
    struct Refused: Error {}

    @Test func holdsWhatItWasGivenAndNeverPrintsIt() {
        let secret = Array("hunter2".utf8).withUnsafeBytes { SecretBytes(copying: $0) }
        #expect(secret.count == 7)
        #expect(secret.withUnsafeBytes { Array($0) } == Array("hunter2".utf8))
        #expect("\(secret)" == "SecretBytes(7 bytes)")
        #expect(!String(reflecting: secret).contains("hunter2"))
    }

    @Test func prefixCopiesTheFirstBytes() {
        let secret = SecretBytes(count: 4) { $0.copyBytes(from: [1, 2, 3, 4]) }
        #expect(SecretBytes(prefix: 2, of: secret).withUnsafeBytes { Array($0) } == [1, 2])
    }

    @Test func aFailedInitialiserPropagatesItsError() {
        #expect(throws: Refused.self) { try SecretBytes(count: 16) { _ in throw Refused() } }
    }

    @Test func secureRandomDrawsDistinctBytes() throws {
        let first = try SecureRandom.bytes(count: 32)
        let second = try SecureRandom.bytes(count: 32)
        #expect(first.count == 32 && first != second)
        let secret = try SecureRandom.secret(count: 16)
        #expect(secret.count == 16)
        #expect(try SecureRandom.bytes(count: 0).isEmpty)
    }

    @Test func constantTimeComparison() {
        #expect(ConstantTime.equals([1, 2, 3], [1, 2, 3]))
        #expect(!ConstantTime.equals([1, 2, 3], [1, 2, 4]))
        #expect(!ConstantTime.equals([1, 2, 3], [1, 2]))
        #expect(ConstantTime.equals([], []))
    }

    @Test func hexEncodingRoundTrips() {
        #expect(HexEncoding.string(from: [0x00, 0xCA, 0xFE, 0xFF]) == "00cafeff")
        #expect(HexEncoding.bytes(from: "00CAfeff") == [0x00, 0xCA, 0xFE, 0xFF])
        #expect(HexEncoding.bytes(from: "abc") == nil)
        #expect(HexEncoding.bytes(from: "zz") == nil)
        #expect(HexEncoding.bytes(from: "") == [])
    }
}
