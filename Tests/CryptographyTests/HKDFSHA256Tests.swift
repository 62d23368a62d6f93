import Cryptography
import Testing

@Suite struct HKDFSHA256Tests {
    private func hex(_ text: String) throws -> [UInt8] { try #require(HexEncoding.bytes(from: text)) }

    private func range(_ bounds: ClosedRange<UInt8>) -> String { HexEncoding.string(from: Array(bounds)) }

    /// RFC 5869 Appendix A: test cases 1 (basic), 2 (long inputs) and 3 (empty salt and info).
    @Test func matchesRFC5869() throws {
        let cases: [(ikm: String, salt: String, info: String, length: Int, okm: String)] = [
            (
                String(repeating: "0b", count: 22), range(0x00...0x0C), range(0xF0...0xF9), 42,
                "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865"
            ),
            (
                range(0x00...0x4F), range(0x60...0xAF), range(0xB0...0xFF), 82,
                "b11e398dc80327a1c8e7f78c596a49344f012eda2d4efad8a050cc4c19afa97c59045a99cac7827271cb41c65e590e09"
                    + "da3275600c2f09b8367793a9aca3db71cc30c58179ec3e87c14c01d5c1f3434f1d87"
            ),
            (
                String(repeating: "0b", count: 22), "", "", 42,
                "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8"
            ),
        ]
        for vector in cases {
            let key = try HKDFSHA256.deriveKey(
                inputKeyMaterial: try hex(vector.ikm), salt: try hex(vector.salt), info: try hex(vector.info),
                outputByteCount: vector.length)
            #expect(key.withUnsafeBytes { HexEncoding.string(from: $0) } == vector.okm)
        }
    }

    @Test func defaultsToThirtyTwoBytes() throws {
        let key = try HKDFSHA256.deriveKey(
            inputKeyMaterial: [UInt8](repeating: 7, count: 16), salt: [UInt8](), info: Array("header".utf8))
        #expect(key.count == 32)
    }
}
