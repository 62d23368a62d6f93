import BackupFormat
import DataPortability
import DataStore
import DomainModel
import DurableIO
import Foundation
import Glibc
import TestSupport
import Testing

@Suite struct ScheduledBackupTests {
    let folder: TemporaryDirectory
    let storePath: String
    let directory: BackupDirectory

    init() throws {
        folder = try TemporaryDirectory(prefix: "backupctl-scheduled")
        let store = try StoreUnderTest.sqlite.sampledStore(in: folder)
        try StoreUnderTest.sqlite.close(store)
        storePath = StoreUnderTest.sqlite.url(in: folder).path
        directory = BackupDirectory(url: folder.file("backups"))
    }

    private func date(_ text: String) -> Date { BackupDirectoryFixture.date(text) }

    private func run(
        at time: String, policy: RetentionPolicy = RetentionPolicy(),
        compression: ArchiveCompression = .default
    ) throws -> ScheduledBackup.Summary {
        try run(at: date(time), policy: policy, compression: compression)
    }

    private func run(at time: Date, policy: RetentionPolicy, compression: ArchiveCompression = .default) throws
        -> ScheduledBackup.Summary
    {
        try ScheduledBackup(
            folder: directory, policy: policy, compression: compression,
            clock: StoreClock(fixedAt: time)
        ).run(storePath: storePath)
    }

    private func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
    }

    @Test func writesAPrivateTimeNamedBackupThatVerifiesInFull() throws {
        let summary = try run(at: "2026-01-18T23:00:05Z")
        #expect(summary.file == directory.url.appendingPathComponent("domaindig-20260118T230005Z.ddbackup"))
        #expect(summary.manifest.createdAt == date("2026-01-18T23:00:05Z"))
        #expect(summary.manifest.recordCount == 423)
        #expect(summary.compressedBytes == Int64(try Data(contentsOf: summary.file).count))
        #expect(summary.readBack.report?.hasErrors == false, "a plain backup is read back in full")
        #expect(summary.storeIssues.count == 8, "the sample's planted problems are reported")
        #expect(summary.decisions.isEmpty && summary.removed.isEmpty, "no policy, no pruning")
        #expect(try names() == [".backupctl.lock", "domaindig-20260118T230005Z.ddbackup"])

        var status = stat()
        #expect(stat(summary.file.path, &status) == 0 && status.st_mode & 0o777 == 0o600)
        #expect(stat(directory.url.path, &status) == 0 && status.st_mode & 0o777 == 0o700)
        // A second full read, as `list --verify` does it: every checksum, every rule.
        #expect(try directory.scan(verify: true).map(\.health) == [.good])
    }

    @Test func eachRunPrunesByThePolicyAndKeepsItsOwnBackup() throws {
        let policy = RetentionPolicy(keepHourly: 2, keepDaily: 2)
        var history: [Date] = []
        for hour in 0..<6 {
            let time = date("2026-01-01T20:00:05Z").addingTimeInterval(Double(hour) * 3600)
            let summary = try run(at: time, policy: policy)
            history.append(time)
            #expect(summary.decisions.contains { $0.entry.url == summary.file && $0.keep }, "the new backup stays")
            let expected = try ForgetReference.reasons(for: history, policy: policy)
            let keptTimes = zip(history, expected).filter { !$0.1.isEmpty }.map {
                BackupExporter.defaultFileName(at: $0.0)
            }
            #expect(try names() == ([".backupctl.lock"] + keptTimes).sorted(), "after the run at \(time)")
            #expect(Set(summary.removed.map(\.name)).isDisjoint(with: keptTimes))
        }
        // 2026-01-01T23:00 is the last of its day; 2026-01-02T00:00 and 01:00 are the two newest hours.
        #expect(
            try names() == [
                ".backupctl.lock", "domaindig-20260101T230005Z.ddbackup",
                "domaindig-20260102T000005Z.ddbackup", "domaindig-20260102T010005Z.ddbackup",
            ])
    }

    @Test func runsInTheSameSecondAreNumberedAndTheNewestIsNeverItsOwnVictim() throws {
        let policy = RetentionPolicy(keepLast: 1)
        let first = try run(at: "2026-01-18T23:00:05Z", policy: policy)
        let second = try run(at: "2026-01-18T23:00:05Z", policy: policy)
        let third = try run(at: "2026-01-18T23:00:05Z", policy: policy)
        #expect(first.file.lastPathComponent == "domaindig-20260118T230005Z.ddbackup")
        #expect(second.file.lastPathComponent == "domaindig-20260118T230005Z-2.ddbackup")
        // The plain name is free again, but taking it would sort the newest backup first.
        #expect(third.file.lastPathComponent == "domaindig-20260118T230005Z-3.ddbackup")
        #expect(third.removed.map(\.name) == ["domaindig-20260118T230005Z-2.ddbackup"])
        #expect(try names() == [".backupctl.lock", "domaindig-20260118T230005Z-3.ddbackup"])
    }

    @Test func aMissingStoreFailsBeforeTheDirectoryIsTouched() throws {
        let absent = folder.file("absent.sqlite").path
        #expect(throws: StoreError.notFound(path: absent)) {
            _ = try ScheduledBackup(folder: directory, policy: RetentionPolicy(keepLast: 1)).run(storePath: absent)
        }
        #expect(!FileManager.default.fileExists(atPath: directory.url.path))
    }

    @Test func aHeldDirectoryIsBusyNamingTheHolderAndNothingIsWritten() throws {
        let holder = try directory.lock(creatingFolder: true, now: Date())
        defer { holder.release() }
        let lockFile = directory.url.appendingPathComponent(BackupDirectory.lockFileName).path
        #expect(throws: FileIOError.busy(path: lockFile, holderPID: getpid())) {
            _ = try run(at: "2026-01-18T23:00:05Z", policy: RetentionPolicy(keepLast: 1))
        }
        #expect(try names() == [".backupctl.lock"])
        // The store's lock was let go: the store can be opened again.
        let store = try LockedStore.open(explicitPath: storePath, mode: .mustExist)
        store.release()
    }

    /// A backup only reads the store, so a writer holding the store's lock does not stop it.
    @Test func aStoreAWriterHoldsIsStillBackedUpWithoutItsLock() throws {
        let holder = try LockedStore.open(explicitPath: storePath, mode: .mustExist)
        defer { holder.release() }
        let summary = try run(at: "2026-01-18T23:00:05Z")
        #expect(summary.readBack.report?.hasErrors == false)
        #expect(try names() == [".backupctl.lock", "domaindig-20260118T230005Z.ddbackup"])
    }

    @Test func damagedFilesInTheDirectoryAreLeftAndNotCounted() throws {
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        let damaged = directory.url.appendingPathComponent("domaindig-20260118T220005Z.ddbackup")
        try Data("garbage".utf8).write(to: damaged)
        let summary = try run(at: "2026-01-18T23:00:05Z", policy: RetentionPolicy(keepLast: 1))
        #expect(summary.removed.isEmpty)
        let decision = try #require(summary.decisions.first { $0.entry.url == damaged })
        #expect(decision.keep && decision.reasons == ["damaged, not counted"])
        #expect(
            try names() == [
                ".backupctl.lock", "domaindig-20260118T220005Z.ddbackup", "domaindig-20260118T230005Z.ddbackup",
            ])
    }

    @Test(arguments: [ArchiveCompression.Algorithm.zstd, .gzip, .uncompressed])
    func everyCompressionVerifies(algorithm: ArchiveCompression.Algorithm) throws {
        let summary = try run(at: "2026-01-18T23:00:05Z", compression: try ArchiveCompression(algorithm))
        #expect(summary.manifest.compression == algorithm.rawValue)
        #expect(try directory.scan(verify: true).map(\.health) == [.good])
    }
}

@Suite struct UnverifiedBackupTests {
    @Test func aBackupThatFailedItsReadBackIsSetAsideAndCountedAsDamaged() throws {
        let folder = try TemporaryDirectory()
        let directory = BackupDirectory(url: folder.url)
        let name = "domaindig-20260301T010000Z.ddbackup"
        try Data("bytes that were written badly".utf8).write(to: folder.file(name + BackupDirectory.unverifiedSuffix))
        let entries = try directory.scan()
        #expect(entries.count == 1)
        #expect(entries.first?.name == name + BackupDirectory.unverifiedSuffix)
        #expect(entries.first?.time == Timestamp.parse("2026-03-01T01:00:00Z"))
        guard case .damaged(let reason)? = entries.first?.health else {
            Issue.record("an unverified backup must be damaged, not \(String(describing: entries.first?.health))")
            return
        }
        #expect(reason.contains("read-back"))
        let decisions = BackupPruner(policy: RetentionPolicy(keepLast: 1)).plan(entries)
        #expect(decisions.first?.keep == true, "damaged files are never deleted")
    }
}
