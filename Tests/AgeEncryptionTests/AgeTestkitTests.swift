import AgeEncryption
import Cryptography
import Testing

/// Every vector of the C2SP age test kit this build can apply: the X25519 and scrypt ones, and
/// those testing the header, its MAC and the payload stream.
@Suite struct AgeTestkitTests {
    /// Vectors this build does not apply, and why.
    static func skipReason(_ name: String) -> String? {
        if name.hasPrefix("armor_") {
            return "ASCII armor is optional in the age specification; backupctl writes and reads binary age files only"
        }
        if name.hasPrefix("hybrid") {
            return "the hybrid post-quantum recipient (ML-KEM-768 + X25519) needs ML-KEM, which libcrypto 3.0 lacks"
        }
        return nil
    }

    static let applied = AgeTestVector.allNames.filter { skipReason($0) == nil }
    static let skipped = AgeTestVector.allNames.filter { skipReason($0) != nil }

    /// The test kit's `expect` values and the category of ``AgeError`` each one is.
    static let categories: [String: AgeError.Category] = [
        "header failure": .header, "no match": .noMatch, "HMAC failure": .headerMAC, "payload failure": .payload,
    ]

    @Test(arguments: applied)
    func vectorDecryptsAsExpected(name: String) throws {
        let vector = try AgeTestVector(name: name)
        let expect = try #require(vector.value("expect"))
        let (plaintext, error) = try vector.decrypt()
        if expect == "success" {
            #expect(error == nil, "\(name): \(error.map { "\($0)" } ?? "")")
        } else {
            let category = try #require(Self.categories[expect], "\(name): unknown expectation '\(expect)'")
            #expect(
                error?.category == category, "\(name): expected \(expect), got \(error.map { "\($0)" } ?? "success")")
        }
        // Whatever was released before a failure must be exactly the stated payload.
        if let payload = vector.value("payload") {
            #expect(try SHA256Hasher.digest(of: plaintext).hexString == payload, "\(name): payload hash")
        } else {
            #expect(plaintext.isEmpty, "\(name): released plaintext without a stated payload")
        }
    }

    @Test func everyX25519AndScryptVectorIsApplied() {
        #expect(Self.applied.filter { $0.hasPrefix("x25519") }.count == 14)
        #expect(Self.applied.filter { $0.hasPrefix("scrypt") }.count == 25)
        #expect(Self.applied.count + Self.skipped.count == AgeTestVector.allNames.count)
        #expect(Self.applied.count == 92 && Self.skipped.count == 51)
    }
}

extension AgeTestkitTests {
    /// The test kit's README: every vector that is not a header failure round-trips through
    /// header decoding and encoding.
    @Test(arguments: applied)
    func headerRoundTrips(name: String) throws {
        let vector = try AgeTestVector(name: name)
        guard vector.value("expect") != "header failure" else { return }
        let parsed = try AgeHeader.parse(vector.file)
        #expect(parsed.header.encoded == Array(vector.file[..<parsed.byteCount]))
    }
}
