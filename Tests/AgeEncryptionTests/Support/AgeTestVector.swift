import AgeEncryption
import Cryptography
import Foundation
import TestSupport
import Testing

/// One vector of the C2SP age test kit (Tests/Fixtures/age-testkit, its README explains the
/// format): a textual header of `key: value` lines, a blank line, then an age file, possibly
/// zlib-compressed.
struct AgeTestVector: CustomTestStringConvertible {
    static let directory = Fixtures.url("age-testkit")

    let name: String
    let fields: [(key: String, value: String)]
    /// The age file (decompressed).
    let file: [UInt8]

    var testDescription: String { name }

    func values(_ key: String) -> [String] { fields.filter { $0.key == key }.map(\.value) }
    func value(_ key: String) -> String? { values(key).first }

    /// Every vector's file name, sorted.
    static let allNames: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let notVectors: Set = ["README.md", "LICENSE", "ORIGIN", "SOURCE-COMMIT"]
        return files.filter { !notVectors.contains($0) }.sorted()
    }()

    init(name: String) throws {
        self.name = name
        let bytes = [UInt8](try Data(contentsOf: Self.directory.appendingPathComponent(name)))
        var fields: [(String, String)] = []
        var offset = 0
        while true {
            let end = try #require(bytes[offset...].firstIndex(of: 0x0A), "\(name): the vector header does not end")
            let line = String(decoding: bytes[offset..<end], as: UTF8.self)
            offset = end + 1
            if line.isEmpty { break }
            let parts = line.split(separator: ":", maxSplits: 1)
            try #require(parts.count == 2, "\(name): '\(line)' is not a key: value line")
            fields.append((String(parts[0]), parts[1].trimmingCharacters(in: .whitespaces)))
        }
        self.fields = fields
        let body = Array(bytes[offset...])
        if fields.contains(where: { $0.0 == "compressed" && $0.1 == "zlib" }) {
            let output = try ProcessRunner.python(
                "import sys, zlib; sys.stdout.buffer.write(zlib.decompress(sys.stdin.buffer.read()))", stdin: Data(body)
            )
            try #require(output.status == 0, "\(name): zlib failed: \(output.stderrText)")
            file = [UInt8](output.stdout)
        } else {
            file = body
        }
    }

    /// The identities the vector lists: its X25519 identities and passphrases.
    func identities() throws -> [AgeIdentity] {
        var identities: [AgeIdentity] = []
        for text in values("identity") {
            identities.append(.x25519(try X25519Identity(encoded: Array(text.utf8))))
        }
        for passphrase in values("passphrase") {
            identities.append(
                .passphrase(
                    ScryptIdentity(passphrase: Array(passphrase.utf8).withUnsafeBytes { SecretBytes(copying: $0) })))
        }
        return identities
    }

    /// What decrypting the file with the vector's identities gives: the plaintext released
    /// before any failure, and the failure.
    func decrypt() throws -> (plaintext: [UInt8], error: AgeError?) {
        let (plaintext, error) = AgeRoundTrip.decrypt(file, with: try identities(), readSize: 10_000)
        guard let error else { return (plaintext, nil) }
        guard let ageError = error as? AgeError else { throw error }
        return (plaintext, ageError)
    }
}
