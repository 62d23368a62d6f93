import Cryptography
import TestSupport
import Testing

@testable import BackupFormat

@Suite struct TrailingWorkerTests {
    /// Bytes that differ everywhere, so a chunk hashed twice or skipped changes the digest.
    static func noise(_ count: Int, seed: UInt64) -> [UInt8] {
        var random = SeededGenerator(seed: seed)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + 8)
        while bytes.count < count { withUnsafeBytes(of: random.next()) { bytes.append(contentsOf: $0) } }
        return Array(bytes.prefix(count))
    }

    /// Feeds `bytes` to a worker that hashes them, through `fill`, which reports what is filled.
    private func trailingDigest(of bytes: [UInt8], _ fill: (TrailingWorker) -> Void) throws -> SHA256Digest {
        let hasher = try SHA256Hasher()
        bytes.withUnsafeBytes { buffer in
            let trailing = TrailingWorker(over: buffer, name: "test-hasher") { range in
                hasher.update(UnsafeRawBufferPointer(rebasing: buffer[range]))
            }
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

    @Test func workIsCalledWithConsecutiveRangesFromTheStart() throws {
        let bytes = Self.noise(50_000, seed: 13)
        var ranges: [Range<Int>] = []
        bytes.withUnsafeBytes { buffer in
            let trailing = TrailingWorker(over: buffer, name: "test-ranges") { ranges.append($0) }
            for filled in stride(from: 1_000, through: 50_000, by: 7_000) { trailing.filled(upTo: filled) }
            trailing.filled(upTo: 50_000)
            trailing.finish()
        }
        #expect(ranges.first?.lowerBound == 0)
        #expect(ranges.last?.upperBound == 50_000)
        #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound && !$1.isEmpty })
    }
}
