import AgeEncryption
import BackupFormat
import Cryptography
import DataPortability
import DataStore
import Foundation
import TestSupport
import Testing

/// The backup `newestVerified` chooses comes opened, as it verified: a restore imports it from
/// there, so a passphrase's key is derived once (scrypt at age's usual 2¹⁸ costs about a
/// second) and a remote backup is downloaded once.
extension BackupDirectoryRestoreTests {
    @Test func aPassphraseBackupIsVerifiedAndImportedWithOneKeyDerivation() throws {
        let folder = try TemporaryDirectory()
        let passphrase = Array("correct horse battery staple".utf8).withUnsafeBytes { SecretBytes(copying: $0) }
        let directory = BackupDirectory(url: folder.file("backups"))
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        let store = try StoreUnderTest.memory.sampledStore(in: folder)
        for time in Self.times {
            _ = try BackupExporter(
                encryption: .age([.passphrase(ScryptRecipient(passphrase: passphrase, workFactor: 10))]),
                clock: StoreClock(fixedAt: time)
            )
            .export(
                from: store, to: .file(directory.url(of: BackupExporter.defaultFileName(at: time))),
                storeSchemaVersion: 3)
        }
        let identity = ScryptIdentity(passphrase: passphrase)

        let choice = try directory.newestVerified(
            decryption: BackupDecryption(identities: [.passphrase(identity)]), now: Self.now)
        #expect(choice.chosen?.name == BackupExporter.defaultFileName(at: Self.times[2]))
        let opened = try #require(choice.opened)
        #expect(opened.encryptionHeader != nil && opened.name == choice.chosen?.url.path)
        // The newest verified at once: one scrypt stanza tried, one key derived; the older never read.
        #expect(identity.derivations == 1)

        let locked = try LockedStore.open(explicitPath: folder.file("restored.sqlite").path, mode: .createIfMissing)
        defer { locked.release() }
        let summary = try BackupImporter(makesSafetySnapshot: false).run(backup: opened, into: locked)
        #expect(summary.sections.contains { $0.present && $0.added > 0 })
        #expect(identity.derivations == 1)
    }
}
