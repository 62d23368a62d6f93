import BackupFormat
import DataPortability
import DurableIO
import Foundation
import Glibc
import TestSupport
import Testing

@Suite struct BackupDirectoryTests {
    private func date(_ text: String) -> Date { BackupDirectoryFixture.date(text) }

    @Test func namesCarryTheUTCSecondAndReadBack() {
        let taken = date("2026-01-18T23:00:05.750Z")
        #expect(BackupExporter.defaultFileName(at: taken) == "domaindig-20260118T230005Z.ddbackup")
        #expect(BackupDirectory.time(fromName: "domaindig-20260118T230005Z.ddbackup") == date("2026-01-18T23:00:05Z"))
        #expect(BackupDirectory.time(fromName: "domaindig-20260118T230005Z-2.ddbackup") == date("2026-01-18T23:00:05Z"))
        #expect(
            BackupDirectory.time(fromName: "domaindig-20260118T230005Z-17.ddbackup") == date("2026-01-18T23:00:05Z"))
    }

    @Test(arguments: [
        "notes.txt", "domaindig-20260118T230005Z.ddbackup.bak", "domaindig-20260118T230005.ddbackup",
        "domaindig-20261318T230005Z.ddbackup", "domaindig-20260230T000000Z.ddbackup",
        "domaindig-20260118X230005Z.ddbackup", "domaindig-20260118T230005Zjunk.ddbackup",
        "domaindig-20260118T230005Z-.ddbackup", "domaindig-20260118T230005Z-1.ddbackup",
        "domaindig-20260118T230005Z-02.ddbackup", "backup-20260118T230005Z.ddbackup",
        // A leap second would name the next minute's instant twice; year 0 is no year backupctl writes.
        "domaindig-20261231T235960Z.ddbackup", "domaindig-00000101T000000Z.ddbackup",
    ])
    func otherNamesAreNotBackups(name: String) {
        #expect(BackupDirectory.time(fromName: name) == nil)
    }

    @Test func scanListsBackupsOldestFirstThenPartialFiles() throws {
        let fixture = try BackupDirectoryFixture()
        for name in [
            "domaindig-20260118T230005Z-10.ddbackup", "domaindig-20260118T230005Z-2.ddbackup",
            "domaindig-20260118T230005Z.ddbackup", "domaindig-20260117T230005Z.ddbackup",
        ] {
            try fixture.add(named: name)
        }
        let leftover = ".domaindig-20260118T220005Z.ddbackup.tmp-0123456789abcdef"
        try fixture.write(Data("half a backup".utf8), named: leftover)
        try fixture.write(Data("mine".utf8), named: "notes.txt")
        try fixture.write(Data("1\n".utf8), named: BackupDirectory.lockFileName)

        let entries = try fixture.directory.scan()
        #expect(
            entries.map(\.name) == [
                "domaindig-20260117T230005Z.ddbackup", "domaindig-20260118T230005Z.ddbackup",
                "domaindig-20260118T230005Z-2.ddbackup", "domaindig-20260118T230005Z-10.ddbackup", leftover,
            ])
        try #require(entries.count == 5)
        #expect(entries.map(\.health) == [.good, .good, .good, .good, .partial])
        #expect(entries[0].time == date("2026-01-17T23:00:05Z"))
        #expect(entries[4].time == nil)
        #expect(entries[4].size == 13)
        #expect(entries[0].size == Int64(try Data(contentsOf: fixture.template).count))
        #expect(entries[0].url == fixture.directory.url.appendingPathComponent("domaindig-20260117T230005Z.ddbackup"))
        let manifest = try #require(entries[0].manifest)
        #expect(manifest.schemaVersion == 4)
        #expect(manifest.recordCount == 423)
    }

    @Test(arguments: [
        ".domaindig-20260118T220005Z.ddbackup.tmp-0123456789abcdef", ".domaindig-20260118T220005Z.ddbackup.tmp-xyz",
    ])
    func temporaryLeftoversArePartialNeverBackups(name: String) throws {
        let fixture = try BackupDirectoryFixture()
        // Even a complete backup's bytes under a temporary name are not a backup.
        try FileManager.default.copyItem(at: fixture.template, to: fixture.directory.url.appendingPathComponent(name))
        let entries = try fixture.directory.scan(verify: true)
        try #require(entries.map(\.name) == [name])
        #expect(entries[0].health == .partial)
        #expect(!entries[0].isGood)
        #expect(entries[0].manifest == nil)
    }

    @Test func unreadableFilesAreDamaged() throws {
        let fixture = try BackupDirectoryFixture()
        try fixture.write(Data(), named: "domaindig-20260101T000000Z.ddbackup")
        try fixture.write(Data("not a backup at all, just text".utf8), named: "domaindig-20260102T000000Z.ddbackup")
        let whole = try Data(contentsOf: fixture.template)
        try fixture.write(whole.prefix(200), named: "domaindig-20260103T000000Z.ddbackup")
        for verify in [false, true] {
            let entries = try fixture.directory.scan(verify: verify)
            #expect(entries.count == 3)
            for entry in entries {
                guard case .damaged(let reason) = entry.health else {
                    Issue.record("\(entry.name) is \(entry.health), not damaged")
                    continue
                }
                #expect(!reason.isEmpty)
                #expect(!entry.isGood)
            }
        }
    }

    @Test func onlyTheFullCheckCatchesAlteredSectionBytes() throws {
        let fixture = try BackupDirectoryFixture(compression: .uncompressed)
        let url = try fixture.add(at: date("2026-01-18T23:00:05Z"))
        try fixture.alterSectionBytes(of: url)

        let quick = try fixture.directory.scan()
        #expect(quick.map(\.health) == [.good], "the manifest still reads")
        let full = try fixture.directory.scan(verify: true)
        try #require(full.count == 1)
        guard case .damaged(let reason) = full[0].health else {
            Issue.record("altered section bytes were not caught: \(full[0].health)")
            return
        }
        #expect(reason.contains("trackedDomains"), "\(reason)")
        #expect(full[0].manifest != nil, "the manifest is still shown")
    }

    @Test func anIntactBackupVerifiesInFull() throws {
        let fixture = try BackupDirectoryFixture()
        try fixture.add(at: date("2026-01-18T23:00:05Z"))
        #expect(try fixture.directory.scan(verify: true).map(\.health) == [.good])
    }

    @Test func aFileWhereTheDirectoryShouldBeIsNotADirectory() throws {
        let folder = try TemporaryDirectory()
        try Data("notes".utf8).write(to: folder.file("notes.txt"))
        let directory = BackupDirectory(url: folder.file("notes.txt"))
        let expected = BackupDirectoryError.notADirectory(path: folder.file("notes.txt").path, kind: "a regular file")
        #expect(throws: expected) { _ = try directory.scan() }
        #expect(throws: expected) { _ = try directory.lock(creatingFolder: true, now: Date()) }
        #expect(try folder.names() == ["notes.txt"])
    }

    @Test func aLockThatCreatedTheDirectoryRemovesItWhenTheRunFails() throws {
        let folder = try TemporaryDirectory()
        let lock = try BackupDirectory(url: folder.file("a/backups")).lock(creatingFolder: true, now: Date())
        lock.releaseRemovingCreated()
        #expect(try folder.names() == [])
        try FileManager.default.createDirectory(at: folder.file("kept"), withIntermediateDirectories: false)
        try BackupDirectory(url: folder.file("kept")).lock(creatingFolder: false, now: Date()).releaseRemovingCreated()
        #expect(try folder.names(in: "kept") == [], "the lock file it created went too")
    }

    @Test func scanningAMissingDirectoryIsNotFound() throws {
        let folder = try TemporaryDirectory()
        let directory = BackupDirectory(url: folder.file("absent"))
        #expect(throws: BackupDirectoryError.notFound(path: folder.file("absent").path)) {
            _ = try directory.scan()
        }
    }

    @Test func theLockCreatesAPrivateDirectoryAndASecondLockIsBusy() throws {
        let folder = try TemporaryDirectory()
        let directory = BackupDirectory(url: folder.file("new/backups"))
        let lock = try directory.lock(creatingFolder: true, now: Date())
        var status = stat()
        #expect(stat(directory.url.path, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o700)
        let lockFile = directory.url.appendingPathComponent(".backupctl.lock")
        #expect(try String(contentsOf: lockFile, encoding: .utf8) == "\(getpid())\n")
        #expect(throws: FileIOError.busy(path: lockFile.path, holderPID: getpid())) {
            _ = try directory.lock(creatingFolder: true, now: Date())
        }
        lock.release()
        let again = try directory.lock(creatingFolder: true, now: Date())
        again.release()
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == [".backupctl.lock"])
    }

    @Test func theDirectoryPathIsStandardized() {
        let directory = BackupDirectory(url: URL(fileURLWithPath: "/tmp/a/../b/./backups"))
        #expect(directory.url.path == "/tmp/b/backups")
    }
}
