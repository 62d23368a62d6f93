import BackupFormat
import DataMigration
import DataPortability
import DataStore
import DataValidation
import DomainModel
import Foundation
import TestSupport
import Testing

/// `BackupImporter` when it must not import: the error, the store exactly as it was, and no
/// safety snapshot left behind.
extension BackupImporterTests {
    /// A store holding a little data (so a snapshot would be written) and its bytes before.
    func storeWithData(in folder: TemporaryDirectory) throws -> (store: LockedStore, before: [String: StoreValue]) {
        let target = try open(in: folder)
        try F.seed(target.store, [.trackedDomains: "[\(F.tracked(1, "kept.com"))]"])
        return (target, try snapshot(of: target.store))
    }

    /// The names in `folder` without SQLite's companions of an open store.
    func files(in folder: TemporaryDirectory) throws -> [String] {
        try F.names(in: folder).filter { !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
    }

    @Test(arguments: [ImportMode.merge, .replace])
    func invalidRecordRefusesTheWholeBackup(mode: ImportMode) throws {
        let folder = try TemporaryDirectory()
        let (target, before) = try storeWithData(in: folder)
        let backup = folder.file("invalid.ddbackup")
        // The first sections are valid and would be written before the bad one is reached.
        try F.writeBackup(
            [
                .trackedDomains: "[\(F.tracked(2, "new.com"))]",
                .domainAudits: "[\(F.audit(7, "exa mple..com"))]",
            ], to: backup)

        let refusal = try #require(throws: ImportRefusal.self) {
            try F.importer(mode).run(backup: backup.path, into: target)
        }
        #expect(!refusal.report.isFromNewerVersion)
        #expect(refusal.report.count(.error) == 1)
        #expect(refusal.description.hasPrefix("The backup has 1 validation error; nothing was imported"))
        #expect(refusal.description.contains("$.domainAudits[0].domain"))
        #expect(try snapshot(of: target.store) == before)
        #expect(
            try files(in: folder) == ["invalid.ddbackup", "store.sqlite", "store.sqlite.lock"],
            "no safety snapshot left")
    }

    @Test func backupFromANewerVersionIsRefusedAsSuch() throws {
        let folder = try TemporaryDirectory()
        let (target, before) = try storeWithData(in: folder)
        let backup = folder.file("v4.json")
        try Data(#"{"version": 99, "domains": []}"#.utf8).write(to: backup)
        let refusal = try #require(throws: ImportRefusal.self) {
            try F.importer().run(backup: backup.path, into: target)
        }
        #expect(refusal.report.isFromNewerVersion)
        #expect(try snapshot(of: target.store) == before)
        #expect(try files(in: folder) == ["store.sqlite", "store.sqlite.lock", "v4.json"])
    }

    @Test func storeFromANewerBuildIsLeftUntouched() throws {
        let folder = try TemporaryDirectory()
        let (target, backup) = try storeAndBackupTrackingNewCom(
            in: folder, seededWith: [.trackedDomains: "[\(F.tracked(1, "kept.com"))]"], version: 99)
        let before = try snapshot(of: target.store)

        for dryRun in [false, true] {
            #expect(throws: MigrationError.storeIsNewer(found: 99, supported: 3, location: target.store.location)) {
                try F.importer(dryRun: dryRun).run(backup: backup.path, into: target)
            }
        }
        #expect(try snapshot(of: target.store) == before)
        #expect(try files(in: folder) == ["b.ddbackup", "store.sqlite", "store.sqlite.lock"])
    }

    @Test func damagedArchiveFailsBeforeAnythingIsCommitted() throws {
        let folder = try TemporaryDirectory()
        let (target, before) = try storeWithData(in: folder)
        let source = folder.file("whole.ddbackup")
        try F.export(try StoreUnderTest.memory.sampledStore(in: folder), to: source)
        let bytes = try Data(contentsOf: source)
        let truncated = folder.file("truncated.ddbackup")
        try bytes.prefix(bytes.count * 2 / 3).write(to: truncated)

        #expect(throws: BackupFormatError.self) {
            try F.importer().run(backup: truncated.path, into: target)
        }
        #expect(try snapshot(of: target.store) == before)
        #expect(try files(in: folder) == ["store.sqlite", "store.sqlite.lock", "truncated.ddbackup", "whole.ddbackup"])
    }

    @Test func checksumMismatchIsAValidationError() throws {
        let folder = try TemporaryDirectory()
        let (target, before) = try storeWithData(in: folder)
        let backup = folder.file("tampered.ddbackup")
        // An uncompressed archive, so one byte of a section can be changed in place.
        let writer = try BackupArchiveWriter(
            destination: .file(backup), compression: .uncompressed, modificationTime: Date())
        for section in BackupSection.allCases {
            let text = section == .trackedDomains ? "[\(F.tracked(2, "new.com"))]" : F.emptySections[section] ?? "null"
            try writer.addSection(
                section, bytes: ByteChunks(Array(text.utf8)), records: UpgradedBackup.recordCount(Array(text.utf8)))
        }
        _ = try writer.finish(createdAt: F.now, storeSchemaVersion: 3)
        var bytes = try Data(contentsOf: backup)
        let at = try #require(bytes.range(of: Data("new.com".utf8)))
        bytes[at.lowerBound] = UInt8(ascii: "m")
        try bytes.write(to: backup)

        let refusal = try #require(throws: ImportRefusal.self) {
            try F.importer().run(backup: backup.path, into: target)
        }
        #expect(
            refusal.report.findings.contains {
                $0.code == .checksumMismatch && $0.location == "sections/trackedDomains.json"
            })
        #expect(try snapshot(of: target.store) == before)
        #expect(try files(in: folder) == ["store.sqlite", "store.sqlite.lock", "tampered.ddbackup"])
    }

    /// Files that cannot be opened as backups: an import refuses each with the very report
    /// `validate` gives it (one function opens a backup for both), and writes nothing.
    @Test(arguments: [
        ("not-a-backup.ddbackup", Data("hello, world".utf8)),
        ("newer.json", Data(#"{"schemaVersion": 99, "trackedDomains": []}"#.utf8)),
        ("broken.json", Data(#"{"version": 1, "domains": ["#.utf8)),
        ("no-version.json", Data(#"{"domains": []}"#.utf8)),
        ("newer.ddbackup", try! Data(contentsOf: Fixtures.url("Backups/newer.ddbackup"))),
    ])
    func aFileThatIsNoBackupIsRefusedWithValidationsReport(name: String, contents: Data) throws {
        let folder = try TemporaryDirectory()
        let (target, before) = try storeWithData(in: folder)
        let backup = folder.file(name)
        try contents.write(to: backup)
        let validated = DataValidationService.standard().validate(backup: try BackupFile(path: backup.path))
        #expect(validated.count(.error) == 1)

        let refusal = try #require(throws: ImportRefusal.self) {
            try F.importer().run(backup: backup.path, into: target)
        }
        #expect(refusal.report.findings == validated.findings)
        #expect(refusal.report.schemaVersion == validated.schemaVersion)
        #expect(refusal.report.isFromNewerVersion == name.hasPrefix("newer"))
        #expect(try snapshot(of: target.store) == before)
        #expect(try files(in: folder) == [name, "store.sqlite", "store.sqlite.lock"].sorted())
    }
}
