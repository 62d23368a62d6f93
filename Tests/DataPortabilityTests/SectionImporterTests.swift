import BackupFormat
import DataStore
import DomainModel
import Foundation
import Testing

@testable import DataPortability

/// `SectionImporter` in merge mode, in memory: each section's merge rule (the records'
/// `merged(with:)`, the store's record first) and the counts a dry run reports. Replace mode
/// is in `+Replace`.
@Suite struct SectionImporterTests {
    typealias F = ImportFixtures

    /// Applies one section's JSON to `store` in one transaction, staged as an import stages it
    /// (a collection the store lacks is encoded as it is decoded).
    func apply(
        _ section: BackupSection, _ json: String, mode: ImportMode = .merge, present: Bool = true,
        to store: InMemoryStore
    ) throws -> (counts: ImportSummary.SectionCounts, changed: Bool) {
        try store.transaction { transaction in
            let importer = try SectionImporter(transaction: transaction, mode: mode)
            let stage = importer.makeStage(for: section, source: Array(json.utf8), options: .default)
            for (index, value) in try F.values(json).enumerated() { stage.visitor.visit(index, value) }
            return try importer.apply(stage, present: present)
        }
    }

    /// The counts as one tuple: added, merged, unchanged, duplicates, malformed, removed.
    func tally(_ counts: ImportSummary.SectionCounts) -> [Int] {
        [
            counts.added, counts.merged, counts.unchanged, counts.duplicatesDropped, counts.malformedSkipped,
            counts.removed,
        ]
    }

    @Test func trackedDomainsMergeByCanonicalDomainFromTheEarliestAdded() throws {
        let store = InMemoryStore()
        try F.seed(
            store,
            [
                .trackedDomains:
                    "[\(F.tracked(1, "example.com", #""tags":["client"],"lastLookupAt":"2025-03-01T00:00:00Z""#)),\(F.tracked(2, "kept.org"))]"
            ])
        let backup = """
            [\(F.tracked(9, "Example.COM.", addedAt: "2025-02-01T00:00:00Z", #""notes":"from backup","tags":["Client","renewal"],"isFavorite":true,"status":"paused","lastLookupAt":"2025-05-01T00:00:00Z","expiresAt":"2027-01-01T00:00:00Z""#)),\
            \(F.tracked(3, "new.net"))]
            """
        let result = try apply(.trackedDomains, backup, to: store)
        #expect(tally(result.counts) == [1, 1, 0, 0, 0, 0])
        #expect(result.changed)

        let domains = try RecordLoader(store).load(.trackedDomains).records
        #expect(domains.map(\.domain) == ["example.com", "kept.org", "new.net"])
        let merged = try #require(domains.first)
        #expect(merged.id.uuidString.lowercased() == F.id(1), "the earlier-added record is the base")
        #expect(merged.addedAt == F.date("2025-01-01T00:00:00Z"))
        #expect(merged.notes == "from backup", "empty notes are filled")
        #expect(merged.tags == ["client", "renewal"], "tags unioned case-insensitively")
        #expect(merged.isFavorite)
        #expect(merged.lastLookupAt == F.date("2025-05-01T00:00:00Z"))
        #expect(merged.status.rawValue == "paused", "the status of the latest lookup")
        #expect(merged.expiresAt == F.date("2027-01-01T00:00:00Z"))
    }

    @Test func lookupSnapshotsKeepTheStoresCopyAndFillMissingProbes() throws {
        let store = InMemoryStore()
        let tls = #""tls":{"subject":"CN=example.com","issuer":"CN=Test CA"}"#
        try F.seed(
            store,
            [.lookupHistory: "[\(F.snapshot(5, "example.com", #""durationMs":10"#)),\(F.snapshot(6, "example.com"))]"])
        let result = try apply(
            .lookupHistory,
            "[\(F.snapshot(5, "example.com", #""durationMs":99,"# + tls)),\(F.snapshot(6, "example.com"))]", to: store)
        #expect(tally(result.counts) == [0, 1, 1, 0, 0, 0])

        let snapshots = try RecordLoader(store).load(.lookupHistory).records
        #expect(snapshots.count == 2)
        #expect(snapshots[0].durationMs == 10, "the store's copy wins field by field")
        #expect(snapshots[0].tls?.issuer == "CN=Test CA", "a probe the store's copy lacks is filled")
    }

    @Test func auditsTakeTheCopyThatFinishedLastWithChecksUnioned() throws {
        let store = InMemoryStore()
        let check = { (id: String, result: String) in #"{"id":"\#(id)","result":"\#(result)"}"# }
        try F.seed(
            store,
            [
                .domainAudits:
                    "[\(F.audit(7, "example.com", #""status":"running","checks":["# + check("dns", "fail") + "]"))]"
            ])
        let backup =
            "[\(F.audit(7, "example.com", #""status":"completed","completedAt":"2025-03-02T00:00:00Z","score":90,"checks":["# + check("tls", "pass") + "," + check("dns", "pass") + "]"))]"
        let result = try apply(.domainAudits, backup, to: store)
        #expect(tally(result.counts) == [0, 1, 0, 0, 0, 0])

        let audit = try #require(try RecordLoader(store).load(.domainAudits).records.first)
        #expect(audit.status.rawValue == "completed")
        #expect(audit.score == 90)
        #expect(audit.checks.map(\.id) == ["tls", "dns"], "the winner's checks first, one per id")
        #expect(audit.checks.map(\.result.rawValue) == ["pass", "pass"])
    }

    @Test func workflowsTakeTheCopyEditedLastAndTheLatestRun() throws {
        let store = InMemoryStore()
        try F.seed(
            store,
            [
                .domainWorkflows:
                    "[\(F.workflow(8, "Old name", #""updatedAt":"2025-01-05T00:00:00Z","lastRunAt":"2025-06-01T00:00:00Z""#))]"
            ])
        let backup =
            "[\(F.workflow(8, "New name", #""updatedAt":"2025-02-01T00:00:00Z","lastRunAt":"2025-03-01T00:00:00Z","schedule":"daily""#))]"
        let result = try apply(.domainWorkflows, backup, to: store)
        #expect(tally(result.counts) == [0, 1, 0, 0, 0, 0])

        let workflow = try #require(try RecordLoader(store).load(.domainWorkflows).records.first)
        #expect(workflow.name == "New name")
        #expect(workflow.schedule.rawValue == "daily")
        #expect(workflow.lastRunAt == F.date("2025-06-01T00:00:00Z"))
    }

    @Test func monitoringLogsStayAcknowledgedAndGainTheirSnapshotLink() throws {
        let store = InMemoryStore()
        try F.seed(store, [.monitoringLogs: "[\(F.log(11, "example.com", #""message":"store","acknowledged":true"#))]"])
        let backup = "[\(F.log(11, "example.com", #""message":"backup","snapshotId":"\#(F.id(5))""#))]"
        let result = try apply(.monitoringLogs, backup, to: store)
        #expect(tally(result.counts) == [0, 1, 0, 0, 0, 0])

        let log = try #require(try RecordLoader(store).load(.monitoringLogs).records.first)
        #expect(log.message == "store")
        #expect(log.acknowledged)
        #expect(log.snapshotID?.uuidString.lowercased() == F.id(5))
    }

    @Test func monitoringSettingsTakeIncomingScalarsAndUnionLists() throws {
        let store = InMemoryStore()
        try F.seed(
            store,
            [
                .monitoringSettings:
                    #"{"isEnabled":false,"intervalMinutes":60,"monitoredDomains":["a.com"],"notifyOn":["dnsChange"],"channels":["push"],"webhookURL":"https://hook.example"}"#
            ])
        let backup =
            #"{"isEnabled":true,"intervalMinutes":30,"monitoredDomains":["b.com","a.com"],"notifyOn":["tlsExpiry"],"channels":["email"]}"#
        let result = try apply(.monitoringSettings, backup, to: store)
        #expect(tally(result.counts) == [0, 1, 0, 0, 0, 0])

        let settings = try #require(try RecordLoader(store).load(.monitoringSettings).record)
        #expect(settings.isEnabled)
        #expect(settings.intervalMinutes == 30)
        #expect(settings.monitoredDomains == ["a.com", "b.com"])
        #expect(settings.notifyOn.map(\.rawValue) == ["dnsChange", "tlsExpiry"])
        #expect(settings.channels.map(\.rawValue) == ["push", "email"])
        #expect(settings.webhookURL == "https://hook.example", "kept when the backup has none")
    }

    @Test func appSettingsTakeIncomingPreferencesAndUnionLists() throws {
        let store = InMemoryStore()
        try F.seed(
            store,
            [
                .recentSearches: #"["one","two"]"#, .savedDomains: #"["a.com"]"#,
                .appPreferences:
                    #"{"resolverURL":"https://dns.quad9.net/dns-query","displayDensity":"compact","showRawRecords":true}"#,
            ])
        let backup =
            #"{"recentSearches":["Two","three"],"savedDomains":["b.com","A.com."],"resolverURL":"https://dns.google/dns-query","displayDensity":"comfortable","showRawRecords":false}"#
        let result = try apply(.appSettings, backup, to: store)
        #expect(tally(result.counts) == [0, 1, 0, 0, 0, 0])

        let settings = try RecordLoader(store).loadAppSettings().settings
        #expect(settings.recentSearches == ["one", "two", "three"])
        #expect(settings.savedDomains == ["a.com", "b.com"])
        #expect(
            settings.preferences
                == AppPreferences(
                    resolverURL: "https://dns.google/dns-query", displayDensity: .comfortable, showRawRecords: false))
    }

    @Test func entitlementVerifiedLastWinsWhole() throws {
        let store = InMemoryStore()
        let stored = F.entitlement("pro", verifiedAt: "2025-05-01T00:00:00Z")
        try F.seed(store, [.cachedEntitlement: stored])
        let older = try apply(.entitlement, F.entitlement("free", verifiedAt: "2025-01-01T00:00:00Z"), to: store)
        #expect(tally(older.counts) == [0, 0, 1, 0, 0, 0])
        #expect(!older.changed)
        #expect(try F.text(.cachedEntitlement, in: store) == stored, "an unchanged value is not even rewritten")

        let newer = try apply(.entitlement, F.entitlement("team", verifiedAt: "2025-06-01T00:00:00Z"), to: store)
        #expect(tally(newer.counts) == [0, 1, 0, 0, 0, 0])
        #expect(try RecordLoader(store).load(.cachedEntitlement).record?.tier.rawValue == "team")

        let none = try apply(.entitlement, "null", to: store)
        #expect(tally(none.counts) == [0, 0, 0, 0, 0, 0], "a backup without an entitlement leaves the store's")
        #expect(try RecordLoader(store).load(.cachedEntitlement).record?.tier.rawValue == "team")
    }

    @Test func ledgerUnionsEntriesAndMovesTheBalanceByTheAddedOnes() throws {
        let store = InMemoryStore()
        try F.seed(store, [.usageCreditLedger: #"{"balance":105,"entries":[\#(F.entry(21, 100))]}"#])
        let result = try apply(
            .usageCredits, #"{"balance":70,"entries":[\#(F.entry(21, 100)),\#(F.entry(22, -30))]}"#, to: store)
        #expect(tally(result.counts) == [0, 1, 0, 0, 0, 0])

        let ledger = try #require(try RecordLoader(store).load(.usageCreditLedger).record)
        #expect(ledger.entries.map { $0.id.uuidString.lowercased() } == [F.id(21), F.id(22)])
        #expect(
            ledger.balance == 75,
            "105 moved by the one added entry (-30): the store's discrepancy of 5 is kept, not doubled")
    }

    @Test func countsDuplicatesAndMalformedRecordsOnce() throws {
        let store = InMemoryStore()
        try F.seed(store, [.trackedDomains: "[\(F.tracked(1, "same.com")),\(F.tracked(2, "grows.com"))]"])
        let backup = """
            [\(F.tracked(1, "same.com")),\(F.tracked(2, "grows.com")),\(F.tracked(3, "new.com")),\
            \(F.tracked(4, "GROWS.com", #""tags":["late"]"#)),\(F.tracked(5, "new.com.")),\
            {"domain":"no-id.com","addedAt":"2025-01-01T00:00:00Z"}]
            """
        let result = try apply(.trackedDomains, backup, to: store)
        // grows.com is identical in the backup's first copy but its duplicate adds a tag: the
        // store's record changes, so it counts as merged, not unchanged.
        #expect(tally(result.counts) == [1, 1, 1, 2, 1, 0])
        let domains = try RecordLoader(store).load(.trackedDomains).records
        #expect(domains.map(\.domain) == ["same.com", "grows.com", "new.com"])
        #expect(domains[1].tags == ["late"])
    }

    @Test func malformedObjectIsCountedOnceAndLeavesTheStoresRecord() throws {
        let store = InMemoryStore()
        try F.seed(store, [.cachedEntitlement: F.entitlement("pro", verifiedAt: "2025-05-01T00:00:00Z")])
        let before = store.entries
        // Validation refuses such a record; the importer still copes with one on its own.
        let result = try apply(.entitlement, #"{"tier":"team"}"#, to: store)
        #expect(tally(result.counts) == [0, 0, 0, 0, 1, 0])
        #expect(!result.changed)
        #expect(store.entries == before)
    }

    @Test(arguments: BackupSection.allCases)
    func sameSectionTwiceChangesNothingTheSecondTime(section: BackupSection) throws {
        let json: String =
            switch section {
            case .trackedDomains: "[\(F.tracked(1, "example.com", #""tags":["a"]"#)),\(F.tracked(2, "other.org"))]"
            case .lookupHistory: "[\(F.snapshot(5, "example.com"))]"
            case .domainAudits: "[\(F.audit(7, "example.com"))]"
            case .domainWorkflows: "[\(F.workflow(8, "Renewals"))]"
            case .monitoringLogs: "[\(F.log(11, "example.com"))]"
            case .monitoringSettings: #"{"isEnabled":true,"monitoredDomains":["example.com"]}"#
            case .appSettings: #"{"recentSearches":["example"],"savedDomains":["example.com"]}"#
            case .entitlement: F.entitlement("pro", verifiedAt: "2025-05-01T00:00:00Z")
            case .usageCredits: #"{"balance":100,"entries":[\#(F.entry(21, 100))]}"#
            }
        let store = InMemoryStore()
        let first = try apply(section, json, to: store)
        #expect(first.changed)
        #expect(first.counts.added == (section == .trackedDomains ? 2 : 1))
        let before = store.entries
        let second = try apply(section, json, to: store)
        #expect(!second.changed)
        #expect(second.counts.added == 0 && second.counts.merged == 0)
        #expect(second.counts.unchanged == first.counts.added)
        #expect(store.entries == before)
    }

    @Test func sectionTheBackupLacksIsLeftAlone() throws {
        let store = InMemoryStore()
        try F.seed(store, [.domainAudits: "[\(F.audit(7, "example.com"))]"])
        let before = store.entries
        for mode in ImportMode.allCases {
            let result = try apply(.domainAudits, "[]", mode: mode, present: false, to: store)
            #expect(!result.counts.present)
            #expect(tally(result.counts) == [0, 0, 0, 0, 0, 0])
            #expect(!result.changed)
        }
        #expect(store.entries == before)
    }

    @Test func mergeKeepsTheStoresUnreadableRecordsVerbatim() throws {
        let store = InMemoryStore()
        let unreadable = #"{"domain":"no-id.example",  "addedAt":"2025-01-01T00:00:00Z"}"#
        try F.seed(store, [.trackedDomains: "[\(unreadable),\(F.tracked(1, "example.com"))]"])
        let result = try apply(.trackedDomains, "[\(F.tracked(2, "new.org"))]", to: store)
        #expect(tally(result.counts) == [1, 0, 0, 0, 0, 0])

        let loaded = try RecordLoader(store).load(.trackedDomains)
        #expect(loaded.records.map(\.domain) == ["example.com", "new.org"])
        #expect(loaded.unreadableElements == [Array(unreadable.utf8)], "kept byte for byte, spacing included")
        #expect(try F.text(.trackedDomains, in: store)?.hasSuffix(",\(unreadable)]") == true)
    }
}
