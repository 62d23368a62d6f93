import BackupFormat
import DataPortability
import DataStore
import Foundation
import TestSupport
import Testing

/// Where the safety snapshot goes: next to the store's resolved file, whatever link `--store`
/// named, and never onto one of the store's files — while it stays an exact copy that the undo
/// restores under the lock of that one file.
extension BackupImporterTests {
    @Test(arguments: ["store.sqlite", "store.plist"])
    func theSnapshotSitsNextToTheResolvedStoreAndItsUndoThroughTheLinkRestoresIt(storeName: String) throws {
        let folder = try TemporaryDirectory()
        let real = try TemporaryDirectory()
        let store = try LockedStore.open(explicitPath: real.file(storeName).path, mode: .createIfMissing)
        try F.seed(store.store, [.trackedDomains: "[\(F.tracked(1, "kept.com"))]"])
        let before = try snapshot(of: store.store)
        store.release()
        let link = folder.file("link-\(storeName)")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real.file(storeName))

        let backup = try backupTrackingNewCom(in: folder)
        let target = try LockedStore.open(explicitPath: link.path, mode: .mustExist)
        let path = try #require(try F.importer().run(backup: backup.path, into: target).safetySnapshot)
        let suffix = (storeName as NSString).pathExtension
        #expect(path == real.file("\(storeName).before-import-20260102T000000Z.\(suffix)").path)
        #expect(try files(in: folder).filter { $0.contains("before-import") }.isEmpty, "nothing beside the link")
        target.release()

        // The undo as printed names the store by the link: the same file, the same lock.
        let undoing = try LockedStore.open(explicitPath: link.path, mode: .mustExist)
        defer { undoing.release() }
        let undo = try F.importer(.replace, snapshot: false).run(backup: path, into: undoing)
        #expect(undo.storeChanged)
        #expect(try snapshot(of: undoing.store) == before)
    }

    /// A link planted under the snapshot's name that reaches one of the store's files (here
    /// its rollback journal or write-ahead log, which does not exist while the import runs) is
    /// refused before anything is written: the store and the folder stay as they were.
    @Test(arguments: [("store.sqlite", "-journal"), ("store.plist", "-wal")])
    func aSnapshotNameThatReachesOneOfTheStoresFilesIsRefused(storeName: String, companion: String) throws {
        let folder = try TemporaryDirectory()
        let (target, backup) = try storeAndBackupTrackingNewCom(
            storeName, in: folder, seededWith: [.trackedDomains: "[\(F.tracked(1, "kept.com"))]"])
        let values = try snapshot(of: target.store)
        let suffix = (storeName as NSString).pathExtension
        let snapshotName = folder.file("\(storeName).before-import-20260102T000000Z.\(suffix)")
        try FileManager.default.createSymbolicLink(
            atPath: snapshotName.path, withDestinationPath: folder.file(storeName + companion).path)
        // SQLite's shared-memory index changes under any reader: its bytes are not compared.
        let before = try FolderState(of: folder.url).ignoringContent(of: [storeName + "-shm"])

        #expect {
            try F.importer().run(backup: backup.path, into: target)
        } throws: { error in
            guard case .isInput(_, _, let role)? = error as? OutputRefusal else { return false }
            return role.hasPrefix("the store's ")
        }
        #expect(try snapshot(of: target.store) == values)
        let after = try FolderState(of: folder.url).ignoringContent(of: [storeName + "-shm"])
        #expect(after == before, "\(after.difference(from: before))")
    }
}
