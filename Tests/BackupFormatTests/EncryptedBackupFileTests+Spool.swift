import AgeEncryption
import BackupFormat
import DomainModel
import Foundation
import Testing

extension EncryptedBackupFileTests {
    /// The sections are assembled in an unnamed temporary file beside the output before the
    /// manifest can be written first. For an encrypted backup that file holds only age
    /// ciphertext (to a key that lives in memory): read through /proc while the writer holds
    /// it, it shows none of the sections' text, where a plain backup's shows it as written.
    @Test(arguments: [false, true])
    func theTemporaryFileOfAnEncryptedBackupHoldsNoPlaintext(encrypted: Bool) throws {
        let url = directory.file("spooled.ddbackup")
        let writer = try BackupArchiveWriter(
            destination: .file(url), compression: try ArchiveCompression(.uncompressed), modificationTime: Date(),
            encryption: encrypted ? .age([.x25519(identity.recipient)]) : .none)
        // Several age chunks of uncompressed JSON, so most of it has left the writer's buffers.
        let marker = "a-domain-only-the-key-holder-may-read.example"
        let records = (0..<8_000).map { #"{"domain":"\#($0).\#(marker)"}"# }
        try writer.addSection(
            .trackedDomains, bytes: ByteChunks(Array("[\(records.joined(separator: ","))]".utf8)), records: 8_000)

        let spools = temporaryFiles(in: directory.url)
        try #require(spools.count == 1, "the writer holds one unnamed file beside the output: \(spools)")
        let spooled = try Data(contentsOf: URL(fileURLWithPath: spools[0]))
        #expect(spooled.count > 4 * AgePayload.chunkByteCount)
        #expect((spooled.range(of: Data(marker.utf8)) != nil) == !encrypted)
        #expect(spooled.starts(with: Data("age-encryption.org/v1\n".utf8)) == encrypted)

        let summary = try writer.finish(createdAt: Date(), storeSchemaVersion: 3)
        #expect((summary.encryption != nil) == encrypted)
    }

    /// The descriptors of this process open on deleted files in `folder` (an `O_TMPFILE`
    /// file shows as `folder/#inode (deleted)`), as paths under /proc/self/fd to read them by.
    private func temporaryFiles(in folder: URL) -> [String] {
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        let prefix = folder.resolvingSymlinksInPath().path + "/"
        return descriptors.compactMap { descriptor in
            let link = "/proc/self/fd/\(descriptor)"
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: link),
                target.hasPrefix(prefix), target.hasSuffix(" (deleted)")
            else { return nil }
            return link
        }
    }
}
