import BackupFormat
import DataMigration
import DataPortability
import DataStore
import Foundation
import TestSupport
import Testing

/// An older store exported the way `export` and `backup` read it — read only, brought to this
/// build's version in memory (`ReadOnlyStore`) — keeps everything this build does not
/// understand, classified as the in-memory view sees it: a legacy key its pending migration
/// consumes is data (in its new place), not a carried key; a legacy key left beside the data
/// after its migration ran, a key no version knows, a field no record type knows and a record
/// that cannot be read are carried. The store is left byte-identical, and an import into an
/// empty store gives all of it back.
@Suite struct ReadOnlyExportCarriedTests {
    static let unknownField = #""futureField":{"nested" : [1, 2.50]}"#
    static let addedAt = "2020-01-01T00:00:00Z"

    /// A tracked-domain array: a readable record with a field no version knows, and an
    /// element that cannot be read (no id).
    static func trackedDomains(_ domain: String, decimal: Int) -> StoreValue {
        let id = SampleIdentity.uuidText(decimal: decimal)
        return .data(
            Data(
                #"[{"id":"\#(id)","domain":"\#(domain)","addedAt":"\#(addedAt)",\#(unknownField)},{"domain":"broken.example"}]"#
                    .utf8))
    }

    /// What the older store holds, and what its export must carry.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var versionRead: Int
        var values: @Sendable () -> [String: StoreValue]
        /// The store keys the backup carries.
        var carriedKeys: [String]
        /// The domain the tracked-domain record ends up under.
        var domain: String

        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "version 0: every legacy key is consumed in memory", versionRead: 0,
            values: {
                [
                    "watchedDomains": trackedDomains("watched.example", decimal: 1),
                    "resolverURL": .string("https://dns.quad9.net/dns-query"), "displayDensity": .string("compact"),
                    "future.key": .integer(7),
                ]
            }, carriedKeys: ["future.key"], domain: "watched.example"),
        Case(
            name: "version 1 by its marker: watchedDomains is a leftover, the preferences are still pending",
            versionRead: 1,
            values: {
                [
                    StorageKey.preVersioningMarker.rawValue: .bool(true),
                    "trackedDomains": trackedDomains("tracked.example", decimal: 2),
                    "watchedDomains": .data(Data("[]".utf8)), "displayDensity": .string("compact"),
                    "future.key": .dictionary(["when": .date(Date(timeIntervalSinceReferenceDate: 1.5))]),
                ]
            }, carriedKeys: ["future.key", "watchedDomains"], domain: "tracked.example"),
    ]

    @Test(arguments: cases, StoreFile.allCases)
    func anOlderStoreExportedReadOnlyCarriesWhatTheViewDoesNotReadAndStaysUntouched(
        _ olderStore: Case, file: StoreFile
    ) throws {
        let harness = try LosslessHarness(file)
        let source = try harness.store("source", olderStore.values())
        source.release()
        let storeFolder = try FolderState(of: harness.folder.url)
        let outputs = try TemporaryDirectory()
        let backup = outputs.file("b.ddbackup")

        let summary = try ReadOnlyStore.reading(explicitPath: harness.folder.file(file.name("source")).path) {
            try BackupExporter(clock: StoreClock(fixedAt: ImportFixtures.now)).export(from: $0, to: .file(backup))
        }
        let after = try FolderState(of: harness.folder.url)
        #expect(after == storeFolder, "\(after.difference(from: storeFolder))")

        // The backup: the data at this build's version, and what this build does not read.
        #expect(summary.manifest.storeSchemaVersionRead == olderStore.versionRead)
        #expect(summary.manifest.storeSchemaVersion == DataMigrationService.currentStoreSchemaVersion)
        #expect(summary.manifest.wasUpgradedOnExport)
        #expect(summary.carried.storeKeys.map(\.key).sorted() == olderStore.carriedKeys)
        let entries = try BackupEntries(backup)
        #expect(entries.carried.storeKeys.map(\.key).sorted() == olderStore.carriedKeys)
        #expect(
            entries.carried.unreadableRecords.map { "\($0.section.rawValue) \($0.storeKey) \($0.path)" } == [
                "trackedDomains trackedDomains $[1]"
            ])
        let tracked = String(decoding: try #require(entries.sections[.trackedDomains]), as: UTF8.self)
        #expect(tracked.contains(#""domain":"\#(olderStore.domain)""#) && tracked.contains(Self.unknownField))
        let settings = String(decoding: try #require(entries.sections[.appSettings]), as: UTF8.self)
        #expect(settings.contains(#""displayDensity":"compact""#), "the preferences' migration ran in memory")

        // `status` of the store names as left over or unknown exactly what the export carried.
        let status = try StoreStatus(explicitPath: harness.folder.file(file.name("source")).path)
        #expect((status.leftoverKeys + status.unknownKeys).sorted() == olderStore.carriedKeys)

        // Imported into an empty store, all of it is there again.
        let target = try harness.open("target")
        try harness.importBackup(backup, into: target)
        let imported = try harness.values(of: target)
        for key in olderStore.carriedKeys {
            #expect(imported[key] == olderStore.values()[key], "\(key)")
        }
        guard case .data(let domains)? = imported[StorageKey.trackedDomains.rawValue] else {
            Issue.record("trackedDomains holds no data")
            return
        }
        let text = String(decoding: domains, as: UTF8.self)
        #expect(text.contains(Self.unknownField), "\(text)")
        #expect(text.contains(#"{"domain":"broken.example"}"#), "\(text)")
    }
}
