import BackupFormat
import DataPortability
import DataStore
import DomainModel
import DurableIO
import Foundation
import Glibc
import TestSupport
import Testing

@Suite struct BackupExporterTests {
    private static let now = Date(timeIntervalSince1970: 1_767_312_000) // 2026-01-02T00:00:00Z
    private let exporter = BackupExporter(compression: .zstd, clock: StoreClock(fixedAt: now))

    /// Decodes a section, checking it is canonical (re-encoding gives the same bytes) and holds
    /// one record per natural key.
    private func expectCanonical<Record: DeduplicatingRecord>(
        _ bytes: [UInt8]?, as type: Record.Type,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let bytes = try #require(bytes, sourceLocation: sourceLocation)
        let decoded = CollectionDecoder.decodeArray(bytes, as: Record.self)
        #expect(decoded.duplicatesMerged == 0, "\(Record.self)", sourceLocation: sourceLocation)
        #expect(decoded.skippedCount == 0, "\(Record.self)", sourceLocation: sourceLocation)
        #expect(Set(decoded.records.map(\.naturalKey)).count == decoded.records.count, sourceLocation: sourceLocation)
        #expect(
            RecordArrayEncoder.encode(decoded.records).joined() == bytes, "\(Record.self) is not canonical",
            sourceLocation: sourceLocation)
    }

    private func expectCanonicalObject<Record: JSONRecord>(
        _ bytes: [UInt8]?, as type: Record.Type,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let bytes = try #require(bytes, sourceLocation: sourceLocation)
        let decoded = CollectionDecoder.decodeObject(bytes, as: Record.self)
        let record = try #require(decoded.record, "\(Record.self)", sourceLocation: sourceLocation)
        #expect(record.canonicalJSON == bytes, "\(Record.self) is not canonical", sourceLocation: sourceLocation)
    }

    @Test(arguments: StoreUnderTest.allCases)
    func exportsEverySectionVerifiedCanonicalAndDeduplicated(kind: StoreUnderTest) throws {
        let folder = try TemporaryDirectory()
        let store = try kind.sampledStore(in: folder)
        let url = folder.file("backup.ddbackup")
        let summary = try exporter.export(from: store, to: .file(url), storeSchemaVersion: 3)

        let (manifest, sections) = try verifiedSections(of: url)
        #expect(manifest == summary.manifest)
        #expect(manifest.createdAt == Self.now)
        #expect(manifest.storeSchemaVersion == 3)
        #expect(Set(sections.keys) == Set(BackupSection.allCases))
        try expectCanonical(sections[.trackedDomains], as: TrackedDomain.self)
        try expectCanonical(sections[.lookupHistory], as: LookupSnapshot.self)
        try expectCanonical(sections[.domainAudits], as: AuditSession.self)
        try expectCanonical(sections[.domainWorkflows], as: Workflow.self)
        try expectCanonical(sections[.monitoringLogs], as: MonitoringLogEntry.self)
        try expectCanonicalObject(sections[.monitoringSettings], as: MonitoringSettings.self)
        try expectCanonicalObject(sections[.appSettings], as: AppSettings.self)
        try expectCanonicalObject(sections[.entitlement], as: CachedEntitlement.self)
        try expectCanonicalObject(sections[.usageCredits], as: UsageCreditLedger.self)

        // The sample's unknown store key and its four records that cannot be read are carried,
        // ahead of the sections.
        #expect(manifest.sections.map(\.records) == [1, 4, 41, 151, 21, 6, 1, 200, 1, 1, 1])
        #expect(manifest.sections.prefix(2).map(\.path) == CarriedEntry.allCases.map(\.entryPath))
        #expect(summary.totalRecords == 423)
        #expect(
            summary.carried.unreadableRecords.map(\.storeKey) == [
                "trackedDomains", "trackedDomains", "lookupHistory", "monitoring.logs",
            ])
        #expect(summary.carried.storeKeys.map(\.key) == ["reminders.v2"])
        #expect(summary.duplicatesMerged[.trackedDomains] == 3)
        #expect(summary.duplicatesMerged[.lookupHistory] == 1)
        #expect(summary.destination == url.path)
        #expect(summary.compressedBytes == Int64(try Data(contentsOf: url).count))
        #expect(summary.compressionRatio > 2)
    }

    @Test(arguments: StoreUnderTest.allCases)
    func reportsEveryPlantedMalformedRecordWithItsKeyAndPath(kind: StoreUnderTest) throws {
        let folder = try TemporaryDirectory()
        let store = try kind.sampledStore(in: folder)
        let summary = try exporter.export(from: store, to: .file(folder.file("b.ddbackup")), storeSchemaVersion: 3)
        let issues = summary.issues
        #expect(issuePaths(issues, key: .trackedDomains, kind: .skippedRecord) == ["$[44].id", "$[45].domain"])
        #expect(issuePaths(issues, key: .trackedDomains, kind: .unknownEnumValue) == ["$[3].status"])
        #expect(issuePaths(issues, key: .lookupHistory, kind: .skippedRecord) == ["$[151].capturedAt"])
        #expect(issuePaths(issues, key: .lookupHistory, kind: .defaultedField) == ["$[152].dns.records[0].ttl"])
        #expect(issuePaths(issues, key: .domainAudits, kind: .unknownEnumValue) == ["$[20].checks[0].result"])
        #expect(issuePaths(issues, key: .domainWorkflows, kind: .unknownEnumValue) == ["$[1].steps[4].kind"])
        #expect(issuePaths(issues, key: .monitoringLogs, kind: .skippedRecord) == ["$[200].domain"])
        #expect(issues.count == 8, "\(issues)")
        let described = issues.map(\.description)
        #expect(described.contains { $0.hasPrefix("trackedDomains $[45].domain: ") })
    }

    @Test(arguments: StoreUnderTest.allCases)
    func leavesTheStoreExactlyAsItWas(kind: StoreUnderTest) throws {
        let folder = try TemporaryDirectory()
        var store = try kind.sampledStore(in: folder)
        let valuesBefore = try snapshot(of: store)
        try kind.close(store)
        let fileBefore = kind == .memory ? nil : try Data(contentsOf: kind.url(in: folder))
        store = try kind.reopen(store, in: folder)

        _ = try exporter.export(from: store, to: .file(folder.file("b.ddbackup")), storeSchemaVersion: 3)

        #expect(try snapshot(of: store) == valuesBefore)
        if let fileBefore {
            try kind.close(store)
            #expect(try Data(contentsOf: kind.url(in: folder)) == fileBefore, "the store file changed")
            #expect(try snapshot(of: try kind.reopen(store, in: folder)) == valuesBefore)
        }
    }

    @Test func aMissingDestinationFolderLeavesNoFile() throws {
        let folder = try TemporaryDirectory()
        let store = try StoreUnderTest.memory.sampledStore(in: folder)
        let url = folder.file("missing/backup.ddbackup")
        #expect(throws: FileIOError.self) {
            try exporter.export(from: store, to: .file(url), storeSchemaVersion: 3)
        }
        #expect(!FileManager.default.fileExists(atPath: url.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func anExportThatFailsAtTheLastStepLeavesNoPartialFile() throws {
        let folder = try TemporaryDirectory()
        let store = try StoreUnderTest.memory.sampledStore(in: folder)
        // A folder holds the final name: everything is written, then the rename fails.
        let url = folder.file("backup.ddbackup")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        #expect(throws: FileIOError.self) {
            try exporter.export(from: store, to: .file(url), storeSchemaVersion: 3)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["backup.ddbackup"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: url.path).isEmpty)
    }

    @Test func anExistingBackupIsReplacedWholeWithMode0600() throws {
        let folder = try TemporaryDirectory()
        let store = try StoreUnderTest.memory.sampledStore(in: folder)
        let url = folder.file("backup.ddbackup")
        try Data("old contents".utf8).write(to: url)
        _ = try exporter.export(from: store, to: .file(url), storeSchemaVersion: 3)
        #expect(try BackupFile(path: url.path).encoding == .tar(.zstd))
        var status = stat()
        #expect(stat(url.path, &status) == 0 && status.st_mode & 0o777 == 0o600)
    }

    @Test(arguments: ArchiveCompression.Algorithm.allCases)
    func exportsToADescriptorWithEachCompression(algorithm: ArchiveCompression.Algorithm) throws {
        let folder = try TemporaryDirectory()
        let store = try StoreUnderTest.memory.sampledStore(in: folder)
        let url = folder.file("out")
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        try #require(descriptor >= 0)
        let exporter = BackupExporter(
            compression: try ArchiveCompression(algorithm), clock: StoreClock(fixedAt: Self.now))
        let summary: BackupExporter.Summary
        do {
            defer { close(descriptor) }
            summary = try exporter.export(
                from: store, to: .descriptor(DescriptorIO(borrowing: descriptor, name: "standard output")),
                storeSchemaVersion: 3)
        }
        #expect(summary.destination == "standard output")
        #expect(summary.manifest.compression == algorithm.rawValue)
        #expect(try BackupFile(path: url.path).encoding == .tar(algorithm))
        let (manifest, sections) = try verifiedSections(of: url)
        #expect(manifest == summary.manifest)
        #expect(sections.count == BackupSection.allCases.count)
    }

    @Test func anEmptyStoreExportsEmptySectionsAndDefaults() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("empty.ddbackup")
        let summary = try exporter.export(from: InMemoryStore(), to: .file(url), storeSchemaVersion: 0)
        #expect(summary.issues.isEmpty)
        #expect(summary.totalRecords == 2)
        let (_, sections) = try verifiedSections(of: url)
        #expect(sections[.trackedDomains] == Array("[]".utf8))
        #expect(sections[.entitlement] == Array("null".utf8))
        #expect(sections[.monitoringSettings] == MonitoringSettings.defaults.canonicalJSON)
        #expect(sections[.appSettings] == AppSettings.defaults.canonicalJSON)
    }

    @Test func unreadableKeysAreReportedAndExportedAsDefaults() throws {
        let folder = try TemporaryDirectory()
        let store = InMemoryStore(entries: [
            StorageKey.monitoringSettings.rawValue: .data(Data("{not json".utf8)),
            StorageKey.usageCreditLedger.rawValue: .integer(12),
            StorageKey.cachedEntitlement.rawValue: .data(Data(#"{"tier":"pro"}"#.utf8)),
            StorageKey.recentSearches.rawValue: .data(Data(#"["example.com", 7]"#.utf8)),
        ])
        let url = folder.file("b.ddbackup")
        let summary = try exporter.export(from: store, to: .file(url), storeSchemaVersion: 3)
        #expect(
            summary.issues.map { "\($0.key) \($0.issue.kind.rawValue) \($0.issue.path)" } == [
                "monitoring.settings skippedRecord $", "recentSearches skippedElement $[1]",
                "purchase.cachedEntitlement skippedRecord $.productId", "usageCredits.ledger skippedRecord $",
            ])
        let (_, sections) = try verifiedSections(of: url)
        #expect(sections[.monitoringSettings] == MonitoringSettings.defaults.canonicalJSON)
        #expect(sections[.entitlement] == Array("null".utf8))
        #expect(sections[.usageCredits] == Array("null".utf8))
        let settingsBytes = try #require(sections[.appSettings])
        let settings = try #require(CollectionDecoder.decodeObject(settingsBytes, as: AppSettings.self).record)
        #expect(settings.recentSearches == ["example.com"])
    }

    @Test func writesEachSectionInArchiveOrder() throws {
        let folder = try TemporaryDirectory()
        let summary = try exporter.export(
            from: InMemoryStore(), to: .file(folder.file("b.ddbackup")), storeSchemaVersion: 3)
        #expect(summary.manifest.sections.map(\.path) == BackupSection.allCases.map(\.entryPath))
    }

    @Test func readsThroughAnOpenTransaction() throws {
        let folder = try TemporaryDirectory()
        let store = try StoreUnderTest.memory.sampledStore(in: folder)
        let url = folder.file("b.ddbackup")
        try store.transaction { transaction in
            try transaction.removeValue(forKey: StorageKey.trackedDomains.rawValue)
            _ = try exporter.export(from: transaction, to: .file(url), storeSchemaVersion: 3)
        }
        let (_, sections) = try verifiedSections(of: url)
        #expect(sections[.trackedDomains] == Array("[]".utf8))
    }

    @Test func theDefaultFileNameCarriesTheUTCTime() {
        let date = Date(timeIntervalSince1970: 1_796_013_742.5) // 2026-11-30T04:42:22.500Z
        #expect(BackupExporter.defaultFileName(at: date) == "domaindig-20261130T044222Z.ddbackup")
    }
}
