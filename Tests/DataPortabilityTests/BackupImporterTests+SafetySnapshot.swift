import BackupFormat
import DataPortability
import DataStore
import Foundation
import TestSupport
import Testing

/// The safety snapshot (design §8): an export of the store, next to it, taken inside the
/// import's transaction before anything is written, that undoes the import when imported
/// back with `--mode replace`.
extension BackupImporterTests {
    /// The name the tests' clock gives a snapshot of `store.sqlite`.
    static let snapshotName = "store.sqlite.before-import-20260102T000000Z.ddbackup"

    @Test(arguments: [ImportMode.merge, .replace])
    func snapshotHoldsTheStoreBeforeTheImportAndUndoesIt(mode: ImportMode) throws {
        let folder = try TemporaryDirectory()
        let target = try open(in: folder)
        try SampleStoreGenerator(size: .small, seed: 42).write(into: target.store, replacingExisting: false)
        let beforeImport = try F.export(target.store, to: folder.file("before.ddbackup"))
        let backup = folder.file("other.ddbackup")
        let otherFolder = try TemporaryDirectory()
        try F.export(try StoreUnderTest.memory.sampledStore(in: otherFolder, seed: 7), to: backup)

        let summary = try F.importer(mode).run(backup: backup.path, into: target)
        let path = try #require(summary.safetySnapshot)
        #expect(path == folder.file(Self.snapshotName).path, "next to the store, named after it and the time")
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try F.sections(of: URL(fileURLWithPath: path)) == beforeImport)
        #expect(try F.export(target.store, to: folder.file("after.ddbackup")) != beforeImport)

        let undo = try F.importer(.replace, snapshot: false).run(backup: path, into: target)
        #expect(undo.storeChanged)
        #expect(try F.export(target.store, to: folder.file("undone.ddbackup")) == beforeImport)
    }

    @Test func snapshotIsLeftOutWhenAskedOrWhenTheStoreHoldsNoData() throws {
        let folder = try TemporaryDirectory()
        let backup = folder.file("b.ddbackup")
        try F.writeBackup([.trackedDomains: "[\(F.tracked(2, "new.com"))]"], to: backup)

        // Only bookkeeping (a stamp, a journal) is no data to protect.
        let empty = try open("empty.sqlite", in: folder)
        try F.seed(empty.store, [:])
        #expect(try F.importer().run(backup: backup.path, into: empty).safetySnapshot == nil)

        let target = try open(in: folder)
        try F.seed(target.store, [.trackedDomains: "[\(F.tracked(1, "kept.com"))]"])
        let summary = try F.importer(snapshot: false).run(backup: backup.path, into: target)
        #expect(summary.storeChanged)
        #expect(summary.safetySnapshot == nil)
        #expect(try files(in: folder).allSatisfy { !$0.contains("before-import") })
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
                folder.file("store.sqlite.before-import-20260102T000000Z-2.ddbackup").path,
            ])
        let first = try #require(try F.sections(of: URL(fileURLWithPath: paths[0]))[.trackedDomains])
        let second = try #require(try F.sections(of: URL(fileURLWithPath: paths[1]))[.trackedDomains])
        #expect(
            String(decoding: first, as: UTF8.self).contains("kept.com")
                && !String(decoding: first, as: UTF8.self).contains("new2.com"))
        #expect(String(decoding: second, as: UTF8.self).contains("new2.com"))
    }

    @Test func snapshotIsTakenAfterTheStoreIsMigrated() throws {
        let folder = try TemporaryDirectory()
        let target = try open(in: folder)
        try F.seed(target.store, [.legacyWatchedDomains: "[\(F.tracked(1, "Old.COM"))]"], version: nil)
        let backup = folder.file("b.ddbackup")
        try F.writeBackup([.trackedDomains: "[\(F.tracked(2, "new.com"))]"], to: backup)
        let summary = try F.importer().run(backup: backup.path, into: target)
        let path = try #require(summary.safetySnapshot)
        let manifest = try verifiedSections(of: URL(fileURLWithPath: path)).manifest
        #expect(manifest.storeSchemaVersion == 3)
        let tracked = try #require(try F.sections(of: URL(fileURLWithPath: path))[.trackedDomains])
        #expect(
            String(decoding: tracked, as: UTF8.self).contains(#""domain":"old.com""#), "read from the migrated store")
    }
}
