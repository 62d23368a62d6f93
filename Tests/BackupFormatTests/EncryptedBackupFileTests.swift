import BackupFormat
import Cryptography
import Foundation
import TestSupport
import Testing

@testable import AgeEncryption

@Suite struct EncryptedBackupFileTests {
    let directory: TemporaryDirectory
    let identity: X25519Identity

    init() throws {
        directory = try TemporaryDirectory()
        identity = try X25519Identity.generate()
    }

    private var keys: BackupDecryption { BackupDecryption(identities: [.x25519(identity)]) }

    private func writeEncrypted(_ name: String = "backup.ddbackup", compression: ArchiveCompression = .default)
        throws -> (URL, BackupArchiveWriter.Summary)
    {
        let url = directory.file(name)
        let summary = try writeBackup(
            SampleBackup.make(), to: .file(url), compression: compression,
            encryption: .age([.x25519(identity.recipient)]))
        return (url, summary)
    }

    private func decryptionError(_ body: () throws -> Void) -> AgeError? {
        do {
            try body()
            return nil
        } catch BackupFormatError.decryptionFailed(_, let error) {
            return error
        } catch {
            return nil
        }
    }

    @Test(arguments: [ArchiveCompression.Algorithm.zstd, .gzip, .uncompressed])
    func encryptedArchivesReadBackSectionBySection(algorithm: ArchiveCompression.Algorithm) throws {
        let compression = try ArchiveCompression(algorithm)
        let (url, summary) = try writeEncrypted(compression: compression)
        let record = try #require(summary.encryption)
        let bytes = [UInt8](try Data(contentsOf: url))
        #expect(record.fileBytes == Int64(bytes.count) && summary.compressedBytes == record.fileBytes)
        #expect(record.fileSHA256 == (try SHA256Hasher.digest(of: bytes)))
        #expect(bytes.starts(with: Array("age-encryption.org/v1\n-> X25519 ".utf8)))

        let file = try BackupFile(path: url.path, decryption: keys)
        #expect(file.encoding == .tar(compression.algorithm))
        #expect(file.encryptionHeader == record.header)
        for _ in 0..<2 { // every read starts again from the payload
            let reader = try file.openArchive()
            #expect(reader.manifest == summary.manifest)
            var verified = 0
            while let payload = try reader.nextSection() {
                #expect(payload.verification == .verified)
                verified += 1
            }
            #expect(verified == BackupSection.allCases.count)
        }
    }

    /// The file is the age encryption of the very archive a plain export writes: `age -d`
    /// then `zstd -d | tar` opens it with no help from backupctl.
    @Test func ageAndTarOpenItWithoutBackupctl() throws {
        let (url, summary) = try writeEncrypted()
        let keyFile = directory.file("key.txt")
        try identity.encoded().withUnsafeBytes { try Data($0).write(to: keyFile) }
        let archive = directory.file("backup.tar.zst")
        try AgeTool.run(["-d", "-i", keyFile.path, "-o", archive.path, url.path])
        let listing = try ProcessRunner.run("tar", ["--zstd", "-tf", archive.path])
        try #require(listing.status == 0, "\(listing.stderrText)")
        let names = listing.stdoutText.split(separator: "\n").map(String.init)
        #expect(names.first == BackupManifest.entryPath)
        #expect(Set(names) == Set([BackupManifest.entryPath] + summary.manifest.sections.map(\.path)))
        let plain = try BackupFile(path: archive.path)
        #expect(try plain.openArchive().manifest == summary.manifest)
    }

    @Test func withoutTheKeyTheFileIsRefusedAsSuch() throws {
        let (url, _) = try writeEncrypted()
        let none = decryptionError { _ = try BackupFile(path: url.path) }
        #expect(none == .noMatchingIdentity(.init(passphraseProtected: false, identitiesTried: 0, passphrasesTried: 0)))
        let stranger = BackupDecryption(identities: [.x25519(try X25519Identity.generate())])
        #expect(decryptionError { _ = try BackupFile(path: url.path, decryption: stranger) }?.category == .noMatch)
    }

    @Test func aPassphraseIsAskedForOnlyWhenTheFileHasOne() throws {
        let url = directory.file("locked.ddbackup")
        let passphrase = Array("open sesame".utf8).withUnsafeBytes { SecretBytes(copying: $0) }
        try writeBackup(
            SampleBackup.make(), to: .file(url),
            encryption: .age([.passphrase(ScryptRecipient(passphrase: passphrase, workFactor: 10))]))
        var asked: [String] = []
        let prompting = BackupDecryption(passphrasePrompt: { name in
            asked.append(name)
            return Array("open sesame".utf8).withUnsafeBytes { SecretBytes(copying: $0) }
        })
        let file = try BackupFile(path: url.path, decryption: prompting)
        #expect(asked == [url.path])
        #expect(try file.openArchive().manifest.sections.count == BackupSection.allCases.count)

        let (x25519, _) = try writeEncrypted("x25519.ddbackup")
        #expect(decryptionError { _ = try BackupFile(path: x25519.path, decryption: prompting) }?.category == .noMatch)
        #expect(asked.count == 1)
    }

    @Test func damageAnywhereStopsTheReadNamingTheCause() throws {
        let (url, _) = try writeEncrypted()
        let bytes = [UInt8](try Data(contentsOf: url))
        let payloadStart = try AgeHeader.parse(bytes).byteCount + AgePayload.nonceByteCount
        var damaged = bytes
        damaged[bytes.count - 3] ^= 0x20
        let damagedURL = directory.file("damaged.ddbackup")
        try Data(damaged).write(to: damagedURL)
        // The last chunk is also the first here: it fails as soon as the plaintext is sniffed.
        let error = decryptionError {
            let file = try BackupFile(path: damagedURL.path, decryption: keys)
            let reader = try file.openArchive()
            while try reader.nextSection() != nil {}
        }
        #expect(
            error == .payloadAuthenticationFailed(chunk: (bytes.count - payloadStart) / AgePayload.sealedChunkByteCount)
        )
    }
}

extension EncryptedBackupFileTests {
    /// Without the key: the header, the framing and length, and what was recorded while writing.
    @Test func theChecksWithoutAKeyCatchWhatTheyCan() throws {
        let (url, summary) = try writeEncrypted()
        let record = try #require(summary.encryption)
        #expect(EncryptedBackupCheck.isEncrypted(path: url.path))
        let layout = try EncryptedBackupCheck.verify(path: url.path, against: record)
        #expect(layout.header == record.header && layout.plaintextByteCount == record.plaintextBytes)

        func failure(_ bytes: [UInt8], record: EncryptionRecord? = nil) -> BackupFormatError? {
            let damaged = directory.file("damaged-\(bytes.count).ddbackup")
            do {
                try Data(bytes).write(to: damaged)
                _ = try EncryptedBackupCheck.verify(path: damaged.path, against: record)
                return nil
            } catch {
                return error as? BackupFormatError
            }
        }
        let bytes = [UInt8](try Data(contentsOf: url))
        var flipped = bytes
        flipped[bytes.count - 1] ^= 1
        // A flipped payload byte keeps a possible length: only the record (or a key) catches it.
        #expect(failure(flipped) == nil)
        #expect(
            failure(flipped, record: record)
                == .encryptedFileChanged(
                    archive: directory.file("damaged-\(bytes.count).ddbackup").path,
                    reason: "its SHA-256 differs from the one written"))
        let start = layout.headerByteCount + AgePayload.nonceByteCount
        let cut = Array(bytes[..<(start + 10)])
        #expect(
            failure(cut)
                == .decryptionFailed(
                    archive: directory.file("damaged-\(cut.count).ddbackup").path, .invalidPayloadLength(10)))
        var header = bytes
        header[5] = UInt8(ascii: "X")
        guard case .decryptionFailed(_, let headerError)? = failure(header) else {
            Issue.record("a damaged header is a decryption failure")
            return
        }
        #expect(headerError.category == .header)
    }
}
