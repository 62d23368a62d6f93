import BackupFormat
import DataPortability
import DataStore
import Foundation
import TestSupport
import Testing

/// The safety snapshot (design §8): a consistent copy of the store file, next to it, taken at
/// the start of the import's transaction — before the migrations — that undoes the import
/// exactly when given back to `import` with `--mode replace`.
extension BackupImporterTests {
    /// The name the tests' clock gives a snapshot of `store.sqlite`.
    static let snapshotName = "store.sqlite.before-import-20260102T000000Z.sqlite"

    @Test(arguments: ["store.sqlite", "store.plist"], [ImportMode.merge, .replace])
    func snapshotIsACopyOfTheStoreAndItsUndoRestoresEveryKey(storeName: String, mode: ImportMode) throws {
        let folder = try TemporaryDirectory()
        let target = try open(storeName, in: folder)
        try SampleStoreGenerator(size: .small, seed: 42).write(into: target.store, replacingExisting: false)
        let before = try snapshot(of: target.store)
        let backup = folder.file("other.ddbackup")
        let otherFolder = try TemporaryDirectory()
        try F.export(try StoreUnderTest.memory.sampledStore(in: otherFolder, seed: 7), to: backup)

        let summary = try F.importer(mode).run(backup: backup.path, into: target)
        let path = try #require(summary.safetySnapshot)
        let suffix = storeName.hasSuffix(".plist") ? "plist" : "sqlite"
        #expect(path == folder.file("\(storeName).before-import-20260102T000000Z.\(suffix)").path)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try snapshot(of: try StoreOpener.open(at: URL(fileURLWithPath: path), mode: .mustExist)) == before)
        #expect(try snapshot(of: target.store) != before)

        let undo = try F.importer(.replace, snapshot: false).run(backup: path, into: target)
        #expect(undo.storeChanged)
        #expect(undo.restoredKeys != nil && undo.sections.isEmpty)
        #expect(try snapshot(of: target.store) == before, "every key as it was, the sample's damaged records included")
    }

    @Test func snapshotIsLeftOutWhenAskedOrWhenThisRunCreatedTheStore() throws {
        let folder = try TemporaryDirectory()
        let backup = try backupTrackingNewCom(in: folder)

        // A store this run created holds nothing to go back to.
        let created = try open("created.sqlite", in: folder)
        #expect(try F.importer().run(backup: backup.path, into: created).safetySnapshot == nil)

        let target = try open(in: folder)
        try F.seed(target.store, [.trackedDomains: "[\(F.tracked(1, "kept.com"))]"])
        let summary = try F.importer(snapshot: false).run(backup: backup.path, into: target)
        #expect(summary.storeChanged)
        #expect(summary.safetySnapshot == nil)
        #expect(try files(in: folder).allSatisfy { !$0.contains("before-import") })
    }

    @Test func aStoreWithOnlyBookkeepingIsSnapshottedSoItsUndoRemovesWhatTheImportAdded() throws {
        let folder = try TemporaryDirectory()
        let backup = try backupTrackingNewCom(in: folder)
        let store = try open(in: folder)
        try F.seed(store.store, [:])
        let before = try snapshot(of: store.store)
        let summary = try F.importer().run(backup: backup.path, into: store)
        let path = try #require(summary.safetySnapshot)
        _ = try F.importer(.replace, snapshot: false).run(backup: path, into: store)
        #expect(try snapshot(of: store.store) == before)
        #expect(try store.store.value(forKey: StorageKey.trackedDomains.rawValue) == nil)
    }

    @Test func secondSnapshotInTheSameSecondGetsItsOwnName() throws {
        let folder = try TemporaryDirectory()
        let target = try open(in: folder)
        try F.seed(target.store, [.trackedDomains: "[\(F.tracked(1, "kept.com"))]"])
        var paths: [String] = []
        for number in 2...3 {
            let backup = folder.file("b\(number).ddbackup")
            try F.writeBackup([.trackedDomains: "[\(F.tracked(number, "new\(number).com"))]"], to: backup)
            paths.append(try #require(try F.importer().run(backup: backup.path, into: target).safetySnapshot))
        }
        #expect(
            paths == [
                folder.file(Self.snapshotName).path,
                folder.file("store.sqlite.before-import-20260102T000000Z-2.sqlite").path,
            ])
        let first = try #require(
            try F.text(
                .trackedDomains, in: try SQLiteStore(url: URL(fileURLWithPath: paths[0]), createIfMissing: false)))
        let second = try #require(
            try F.text(
                .trackedDomains, in: try SQLiteStore(url: URL(fileURLWithPath: paths[1]), createIfMissing: false)))
        #expect(first.contains("kept.com") && !first.contains("new2.com"))
        #expect(second.contains("new2.com"))
    }

    @Test func snapshotIsTakenBeforeTheStoreIsMigratedAndItsUndoUnmigratesIt() throws {
        let folder = try TemporaryDirectory()
        let (target, backup) = try storeAndBackupTrackingNewCom(
            in: folder, seededWith: [.legacyWatchedDomains: "[\(F.tracked(1, "Old.COM"))]"], version: nil)
        let before = try snapshot(of: target.store)
        let summary = try F.importer().run(backup: backup.path, into: target)
        #expect(summary.migrations.map(\.version) == [1, 2, 3])
        let path = try #require(summary.safetySnapshot)
        let copy = try SQLiteStore(url: URL(fileURLWithPath: path), createIfMissing: false)
        #expect(try snapshot(of: copy) == before, "the store as it was, at version 0")
        _ = try F.importer(.replace, snapshot: false).run(backup: path, into: target)
        #expect(try snapshot(of: target.store) == before)
    }

    /// A store tracking kept.com into which `backupTrackingNewCom` was merged: the store, its
    /// values before and after the import, and the safety snapshot the import took.
    private func storeAfterAnImport(in folder: TemporaryDirectory) throws -> (
        target: LockedStore, before: [String: StoreValue], afterImport: [String: StoreValue], snapshot: String
    ) {
        let (target, backup) = try storeAndBackupTrackingNewCom(
            in: folder, seededWith: [.trackedDomains: "[\(F.tracked(1, "kept.com"))]"])
        let before = try snapshot(of: target.store)
        let path = try #require(try F.importer().run(backup: backup.path, into: target).safetySnapshot)
        return (target, before, try snapshot(of: target.store), path)
    }

    @Test func restoringASnapshotTakesASnapshotOfItsOwnAndCanBeUndone() throws {
        let folder = try TemporaryDirectory()
        let (target, before, afterImport, imported) = try storeAfterAnImport(in: folder)
        let restore = try F.importer(.replace).run(backup: imported, into: target)
        #expect(restore.restoredKeys?.written == 1)
        #expect(try snapshot(of: target.store) == before)
        let undoOfUndo = try #require(restore.safetySnapshot)
        _ = try F.importer(.replace, snapshot: false).run(backup: undoOfUndo, into: target)
        #expect(try snapshot(of: target.store) == afterImport)
    }

    @Test func aSnapshotIsRestoredWholeSoMergeIsRefusedAndADryRunWritesNothing() throws {
        let folder = try TemporaryDirectory()
        let (target, _, afterImport, path) = try storeAfterAnImport(in: folder)
        #expect(throws: SnapshotRestoreError.needsReplaceMode(path: path)) {
            try F.importer(.merge).run(backup: path, into: target)
        }
        let dryRun = try F.importer(.replace, dryRun: true).run(backup: path, into: target)
        #expect(dryRun.isDryRun && !dryRun.storeChanged && dryRun.safetySnapshot == nil)
        #expect(dryRun.restoredKeys?.written == 1)
        #expect(try snapshot(of: target.store) == afterImport)
        #expect(try files(in: folder).filter { $0.contains("before-import") }.count == 1)
    }
}
