import Cryptography
import Foundation
import TestSupport
import Testing

@Suite struct SHA256HasherTests {
    /// `sha256sum`'s digest of `bytes`.
    private func sha256sum(_ bytes: [UInt8]) throws -> String {
        let output = try ProcessRunner.run("sha256sum", [], stdin: Data(bytes))
        try #require(output.status == 0)
        return String(output.stdoutText.prefix(64))
    }

    /// Python hashlib's digest of `bytes`.
    private func hashlib(_ bytes: [UInt8]) throws -> String {
        let output = try ProcessRunner.python(
            "import hashlib, sys; print(hashlib.sha256(sys.stdin.buffer.read()).hexdigest())", stdin: Data(bytes))
        try #require(output.status == 0)
        return output.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static let inputs: [[UInt8]] = {
        var generator = SeededBytes(seed: 256)
        // Lengths around SHA-256's 64-byte block and its 55/56-byte padding boundary.
        return [
            [], Array("abc".utf8), generator.next(55), generator.next(56), generator.next(64), generator.next(1_000),
        ]
    }()

    @Test(arguments: inputs)
    func matchesSha256sumAndHashlib(input: [UInt8]) throws {
        let digest = try SHA256Hasher.digest(of: input).hexString
        #expect(digest == (try sha256sum(input)))
        #expect(digest == (try hashlib(input)))
    }

    @Test func knownVectors() throws {
        #expect(
            try SHA256Hasher.digest(of: [UInt8]()).hexString
                == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            try SHA256Hasher.digest(of: Data("abc".utf8)).hexString
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func hashesSeveralMegabytesInOddChunks() throws {
        var generator = SeededBytes(seed: 5)
        let input = generator.next(6 * 1_048_576 + 7)
        let hasher = try SHA256Hasher()
        forEachGrowingChunk(of: input, factor: 3) { hasher.update($0) }
        let digest = hasher.finalize()
        #expect(digest.hexString == (try sha256sum(input)))
        #expect(digest.hexString == (try hashlib(input)))
        #expect(digest == (try SHA256Hasher.digest(of: input)))
    }
}
