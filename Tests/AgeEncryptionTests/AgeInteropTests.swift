import AgeEncryption
import Cryptography
import Foundation
import TestSupport
import Testing

/// Both directions against the `age` command-line tool (Debian's `age` 1.1), the reference
/// implementation: what we write it reads, what it writes we read.
@Suite struct AgeInteropTests {
    static let sizes = [0, 1, AgePayload.chunkByteCount, 200_000]

    private func plaintext(_ size: Int) -> [UInt8] {
        var generator = SeededBytes(seed: UInt64(size) + 5)
        return generator.next(size)
    }

    private func identities(in file: URL) throws -> [AgeIdentity] {
        let bytes = [UInt8](try Data(contentsOf: file))
        return try AgeKeyFile.identities(in: bytes.withUnsafeBytes { SecretBytes(copying: $0) }, source: file.path)
            .map { .x25519($0) }
    }

    @Test(arguments: sizes)
    func ageDecryptsWhatWeEncryptForItsKey(size: Int) throws {
        let directory = try TemporaryDirectory()
        let key = try AgeTool.generateKey(in: directory)
        let plaintext = plaintext(size)
        let file = try AgeRoundTrip.encrypt(plaintext, to: [.x25519(try X25519Recipient(key.recipient))])
        let encrypted = directory.file("ours.age")
        try Data(file).write(to: encrypted)
        let output = try AgeTool.run(["-d", "-i", key.identityFile.path, encrypted.path])
        #expect([UInt8](output.stdout) == plaintext)
    }

    @Test(arguments: sizes)
    func weDecryptWhatAgeEncryptsForOurKey(size: Int) throws {
        let directory = try TemporaryDirectory()
        let key = try AgeTool.generateKey(in: directory)
        let other = try AgeTool.generateKey(in: directory, name: "other.txt")
        let plaintext = plaintext(size)
        let output = try AgeTool.run(["-r", other.recipient, "-r", key.recipient], stdin: Data(plaintext))
        let (decrypted, error) = AgeRoundTrip.decrypt(
            [UInt8](output.stdout), with: try identities(in: key.identityFile))
        #expect(error == nil)
        #expect(decrypted == plaintext)
    }

    @Test func ageDecryptsWhatWeEncryptWithAPassphrase() throws {
        let directory = try TemporaryDirectory()
        let plaintext = plaintext(70_000)
        let passphrase = AgeRoundTrip.passphrase("a long passphrase for age")
        let file = try AgeRoundTrip.encrypt(
            plaintext, to: [.passphrase(ScryptRecipient(passphrase: passphrase, workFactor: 12))])
        let encrypted = directory.file("ours.age")
        let decrypted = directory.file("decrypted")
        try Data(file).write(to: encrypted)
        try AgeTool.runOnTerminal(["-d", "-o", decrypted.path, encrypted.path], typing: "a long passphrase for age\n")
        #expect([UInt8](try Data(contentsOf: decrypted)) == plaintext)
    }

    @Test func weDecryptWhatAgeEncryptsWithAPassphrase() throws {
        let directory = try TemporaryDirectory()
        let plaintext = plaintext(100_000)
        let source = directory.file("plain")
        let encrypted = directory.file("theirs.age")
        try Data(plaintext).write(to: source)
        try AgeTool.runOnTerminal(
            ["-p", "-o", encrypted.path, source.path], typing: "typed on a terminal\ntyped on a terminal\n")
        let file = [UInt8](try Data(contentsOf: encrypted))
        let right = ScryptIdentity(passphrase: AgeRoundTrip.passphrase("typed on a terminal"))
        let (decrypted, error) = AgeRoundTrip.decrypt(file, with: [.passphrase(right)])
        #expect(error == nil)
        #expect(decrypted == plaintext)
        let wrong = ScryptIdentity(passphrase: AgeRoundTrip.passphrase("typed on a terminal!"))
        #expect((AgeRoundTrip.decrypt(file, with: [.passphrase(wrong)]).1 as? AgeError)?.category == .noMatch)
    }

    /// ASCII armor is optional in the specification and not read here: such a file is refused.
    @Test func armoredFilesAreNotAgeBinaries() throws {
        let directory = try TemporaryDirectory()
        let key = try AgeTool.generateKey(in: directory)
        let output = try AgeTool.run(["-a", "-r", key.recipient], stdin: Data("x".utf8))
        #expect(
            (AgeRoundTrip.decrypt([UInt8](output.stdout), with: try identities(in: key.identityFile)).1 as? AgeError)
                == .notAgeFile)
    }
}
