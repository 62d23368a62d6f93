import Foundation
import TestSupport
import Testing

/// Encryption over lossless (version 4) backups: what a backup carries besides its sections
/// travels inside the encryption, and the safety snapshot of an import is the store file as
/// it was — as unencrypted as the store itself, and restored without a key.
extension EncryptionCommandTests {
    /// The store keys this build does not know and the records it cannot read are entries of
    /// the encrypted archive: nothing of them, of the manifest or of a section is readable in
    /// the file, and an import restores them as from the plain backup.
    @Test func carriedEntriesTravelInsideTheEncryption() throws {
        let workspace = try CommandWorkspace()
        let key = try workspace.ageKey()
        let store = try workspace.sampleStore()
        // Uncompressed, so anything left outside the encryption would be readable as it is.
        let encrypted = try workspace.exportEncrypted(from: store, compression: "none", ["--recipient", key.recipient])
        let plain = try workspace.exportBackup(from: store, to: "plain.ddbackup", compression: "none")
        let plainBytes = try workspace.contents(plain)
        let encryptedBytes = try workspace.contents(encrypted)
        let carriedNames = ["carried/storeKeys.json", "carried/unreadableRecords.json", "reminders.v2"]
        for visible in ["manifest.json", "sections/trackedDomains.json"] + carriedNames {
            #expect(plainBytes.range(of: Data(visible.utf8)) != nil, "the plain archive shows \(visible)")
            #expect(encryptedBytes.range(of: Data(visible.utf8)) == nil, "\(visible) is inside the encryption")
        }
        // Before the payload, only the age header: its version line, one X25519 stanza, its MAC.
        let (headerEnd, _) = try workspace.ageLayout(encrypted)
        let header = String(decoding: encryptedBytes.prefix(headerEnd), as: UTF8.self).split(separator: "\n")
        #expect(header.count == 4 && header[0] == "age-encryption.org/v1", "\(header)")
        #expect(header[1].hasPrefix("-> X25519 ") && header[3].hasPrefix("--- "), "\(header)")

        let inspect = try workspace.backupctl("inspect", encrypted, "--identity", key.identityFile.path, "--json")
        #expect(inspect.status == 0, "\(inspect.stderrText)")
        for name in carriedNames.prefix(2) { #expect(inspect.stdoutText.contains(name), "inspect lists \(name)") }

        let fixedClock = ImportCommandTests.clock
        let fromPlain = try workspace.backupctl(
            "import", plain, "--store", "a.sqlite", "--no-safety-snapshot", "--quiet", environment: fixedClock)
        let fromEncrypted = try workspace.backupctl(
            "import", encrypted, "--store", "b.sqlite", "--identity", key.identityFile.path, "--no-safety-snapshot",
            "--quiet", environment: fixedClock)
        #expect(fromPlain.status == 0 && fromEncrypted.status == 0, "\(fromEncrypted.stderrText)")
        let restored = try workspace.storeContentsWithoutJournal("b.sqlite")
        #expect(restored == (try workspace.storeContentsWithoutJournal("a.sqlite")))
        #expect(restored.contains { $0.hasPrefix("reminders.v2 data ") }, "the carried store key is back")
    }

    /// The snapshot an import takes first is a copy of the store file, beside it with mode
    /// 0600 like the store: not encrypted (Docs/encryption.md §8), and its printed undo
    /// needs no key.
    @Test func theSafetySnapshotOfAnEncryptedImportIsTheStoreFileAndUndoesItWithoutAKey() throws {
        let workspace = try CommandWorkspace()
        let key = try workspace.ageKey()
        let store = try workspace.sampleStore("store.sqlite", seed: 1)
        let backup = try workspace.exportEncrypted(
            from: try workspace.sampleStore("other.sqlite", seed: 2), ["--recipient", key.recipient])
        let before = try workspace.storeContents(store)

        let imported = try workspace.backupctl(
            "import", backup, "--store", store, "--identity", key.identityFile.path,
            environment: ImportCommandTests.clock)
        #expect(imported.status == 0, "\(imported.stderrText)")
        let snapshot = workspace.path("store.sqlite.before-import-20260304T050607Z.sqlite")
        #expect(imported.stdoutText.contains("To undo: backupctl import \(snapshot) --mode replace --store \(store)\n"))
        #expect(try workspace.permissions(snapshot) == 0o600)
        #expect(try workspace.permissions(store) == 0o600)
        #expect(try workspace.contents(snapshot).starts(with: Data("SQLite format 3\0".utf8)))
        #expect(try workspace.storeContents(snapshot) == before)

        let undo = try workspace.backupctl(
            "import", snapshot, "--mode", "replace", "--store", store, "--quiet", environment: ImportCommandTests.clock)
        #expect(undo.status == 0, "\(undo.stderrText)")
        #expect(try workspace.storeContents(store) == before)
    }
}
