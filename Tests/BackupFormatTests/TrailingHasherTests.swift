@testable import BackupFormat
import TestSupport
import Testing

@Suite struct TrailingHasherTests {
    /// Bytes that differ everywhere, so a chunk hashed twice or skipped changes the digest.
    static func noise(_ count: Int, seed: UInt64) -> [UInt8] {
        var random = SeededGenerator(seed: seed)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + 8)
        while bytes.count < count { withUnsafeBytes(of: random.next()) { bytes.append(contentsOf: $0) } }
        return Array(bytes.prefix(count))
    }

    /// Feeds `bytes` to a trailing hasher through `fill`, which reports what is filled.
    private func trailingDigest(of bytes: [UInt8], _ fill: (TrailingHasher) -> Void) throws -> SHA256Digest {
        let hasher = try SHA256Hasher()
        bytes.withUnsafeBytes { buffer in
            let trailing = TrailingHasher(hasher, over: buffer)
            fill(trailing)
            trailing.finish()
            trailing.finish()
        }
        return hasher.finalize()
    }

    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func digestIsThatOfTheWholeBufferHoweverItIsFilled(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let bytes = Self.noise(Int.random(in: 1...300_000, using: &random), seed: seed)
        let digest = try trailingDigest(of: bytes) { trailing in
            var filled = 0
            while filled < bytes.count {
                // Chunks of every size, reported twice, or not at all (then with the next).
                filled = min(bytes.count, filled + Int.random(in: 0...40_000, using: &random))
                if random.chance(3, in: 4) { trailing.filled(upTo: filled) }
                if random.chance(1, in: 4) { trailing.filled(upTo: filled) }
            }
            trailing.filled(upTo: filled)
        }
        #expect(digest == (try SHA256Hasher.digest(of: bytes)))
    }

    @Test func nothingFilledIsTheDigestOfNothing() throws {
        let digest = try trailingDigest(of: Self.noise(64, seed: 9)) { _ in }
        #expect(digest == (try SHA256Hasher.digest(of: [UInt8]())))
    }

    @Test func onlyTheBytesReportedFilledAreHashed() throws {
        let bytes = Self.noise(100_000, seed: 11)
        let digest = try trailingDigest(of: bytes) { $0.filled(upTo: 60_000) }
        #expect(digest == (try SHA256Hasher.digest(of: Array(bytes[..<60_000]))))
    }
}
