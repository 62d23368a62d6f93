import DataStore
import DomainModel
import Foundation
import TestSupport
import Testing

/// The deduplicating save path, on every backend: what is saved is what loads back, one
/// record per natural key, written canonically.
@Suite struct RecordSaverTests {
    struct Abort: Error {}

    private typealias Records = SampleRecords

    /// Saves in one transaction of its own.
    private func save(into store: any KeyValueStore, _ body: (RecordSaver) throws -> Void) throws {
        try store.transaction { try body(RecordSaver(transaction: $0)) }
    }

    @Test(arguments: BackendUnderTest.allCases)
    func everyCollectionAndObjectRoundTrips(backend: BackendUnderTest) throws {
        let folder = try TemporaryDirectory()
        let store = try backend.makeStore(in: folder)
        try save(into: store) { saver in
            try saver.save(Records.trackedDomains, to: .trackedDomains)
            try saver.save(Records.lookupHistory, to: .lookupHistory)
            try saver.save(Records.domainAudits, to: .domainAudits)
            try saver.save(Records.domainWorkflows, to: .domainWorkflows)
            try saver.save(Records.monitoringLogs, to: .monitoringLogs)
            try saver.save(Records.monitoringSettings, to: .monitoringSettings)
            try saver.save(Records.appPreferences, to: .appPreferences)
            try saver.save(Records.cachedEntitlement, to: .cachedEntitlement)
            try saver.save(Records.usageCreditLedger, to: .usageCreditLedger)
        }
        let loader = RecordLoader(try backend.reopen(store, in: folder))

        func expectCollection<Record>(
            _ key: CollectionKey<Record>, _ expected: [Record],
            sourceLocation: SourceLocation = #_sourceLocation
        ) throws {
            let loaded = try loader.load(key)
            #expect(loaded.records == expected, sourceLocation: sourceLocation)
            #expect(loaded.elementCount == expected.count, sourceLocation: sourceLocation)
            #expect(loaded.duplicatesMerged == 0, sourceLocation: sourceLocation)
            #expect(loaded.issues.isEmpty, "\(loaded.issues)", sourceLocation: sourceLocation)
        }
        func expectObject<Record>(
            _ key: ObjectKey<Record>, _ expected: Record, sourceLocation: SourceLocation = #_sourceLocation
        ) throws {
            let loaded = try loader.load(key)
            #expect(loaded.record == expected, sourceLocation: sourceLocation)
            #expect(loaded.issues.isEmpty, "\(loaded.issues)", sourceLocation: sourceLocation)
        }
        try expectCollection(.trackedDomains, Records.trackedDomains)
        try expectCollection(.lookupHistory, Records.lookupHistory)
        try expectCollection(.domainAudits, Records.domainAudits)
        try expectCollection(.domainWorkflows, Records.domainWorkflows)
        try expectCollection(.monitoringLogs, Records.monitoringLogs)
        try expectObject(.monitoringSettings, Records.monitoringSettings)
        try expectObject(.appPreferences, Records.appPreferences)
        try expectObject(.cachedEntitlement, Records.cachedEntitlement)
        try expectObject(.usageCreditLedger, Records.usageCreditLedger)
    }

    @Test(arguments: BackendUnderTest.allCases)
    func collectionsAreStoredAsCanonicalJSONArrays(backend: BackendUnderTest) throws {
        let folder = try TemporaryDirectory()
        let store = try backend.makeStore(in: folder)
        try save(into: store) { try $0.save(Records.monitoringLogs, to: .monitoringLogs) }
        let expected =
            "["
            + Records.monitoringLogs.map { String(decoding: $0.canonicalJSON, as: UTF8.self) }.joined(separator: ",")
            + "]"
        #expect(try storedJSON(.monitoringLogs, in: try backend.reopen(store, in: folder)) == expected)
    }

    @Test(arguments: BackendUnderTest.allCases)
    func duplicateDomainsInAnySpellingAreMergedByTheTrackedDomainRule(backend: BackendUnderTest) throws {
        let folder = try TemporaryDirectory()
        let store = try backend.makeStore(in: folder)
        let first = TrackedDomain(
            id: Records.id(1), domain: "Example.COM", tags: ["client"], status: .active,
            addedAt: Records.day(-100), lastLookupAt: Records.day(-5), expiresAt: Records.day(100))
        let older = TrackedDomain(
            id: Records.id(2), domain: "example.com.", displayName: "Example", notes: "Renew in March.",
            tags: ["CLIENT", "vip"], status: .paused, isFavorite: true, addedAt: Records.day(-200),
            lastLookupAt: Records.day(-10), expiresAt: Records.day(50))
        let latest = TrackedDomain(
            id: Records.id(3), domain: "  example.com \n", tags: ["renewal"], status: .archived,
            addedAt: Records.day(-50), lastLookupAt: Records.day(-1))
        let other = TrackedDomain(id: Records.id(4), domain: "example.org", addedAt: Records.day(-7))
        try save(into: store) { try $0.save([first, other, older, latest], to: .trackedDomains) }

        let loaded = try RecordLoader(try backend.reopen(store, in: folder)).load(.trackedDomains)
        #expect(loaded.elementCount == 2, "only one record per domain is stored")
        #expect(loaded.duplicatesMerged == 0)
        #expect(loaded.records.map(\.domain) == ["example.com", "example.org"])
        let merged = try #require(loaded.records.first)
        // The earliest-added record is the base: its id, name and notes win; tags are unioned
        // (first spelling kept); favourite if any is; last lookup, expiry and status come from
        // the most recently looked-up record, the expiry falling back to the base's.
        #expect(
            merged
                == TrackedDomain(
                    id: Records.id(2), domain: "example.com", displayName: "Example", notes: "Renew in March.",
                    tags: ["CLIENT", "vip", "renewal"], status: .archived, isFavorite: true, addedAt: Records.day(-200),
                    lastLookupAt: Records.day(-1), expiresAt: Records.day(100)))
    }

    @Test(arguments: BackendUnderTest.allCases)
    func duplicateIDsAreMergedByEachCollectionsRule(backend: BackendUnderTest) throws {
        let folder = try TemporaryDirectory()
        let store = try backend.makeStore(in: folder)
        let snapshot = LookupSnapshot(
            id: Records.id(10), domain: "example.com", capturedAt: Records.day(-1),
            dns: DNSLookupResult(records: [DNSRecord(type: .a, name: "example.com", value: "192.0.2.1", ttl: 60)]))
        var snapshotCopy = Records.lookupHistory[0]
        snapshotCopy.dns = DNSLookupResult(records: [])
        let running = AuditSession(
            id: Records.id(20), domain: "example.com", startedAt: Records.day(-2), status: .running,
            checks: [
                AuditCheck(id: "dns.spf", title: "SPF", category: .email, severity: .low, result: .skipped),
                AuditCheck(id: "dns.caa", title: "CAA", category: .dns, severity: .low, result: .fail),
            ])
        var workflowOlder = Records.domainWorkflows[0]
        workflowOlder.name = "Old name"
        workflowOlder.updatedAt = Records.day(-100)
        workflowOlder.lastRunAt = Records.day(-2)
        let unacknowledged = MonitoringLogEntry(
            id: Records.id(40), domain: "example.com", checkedAt: Records.day(-1),
            event: .dnsChange, message: "First copy.")

        try save(into: store) { saver in
            try saver.save([snapshot, snapshotCopy], to: .lookupHistory)
            try saver.save([running, Records.domainAudits[0]], to: .domainAudits)
            try saver.save([workflowOlder, Records.domainWorkflows[0]], to: .domainWorkflows)
            try saver.save([unacknowledged, Records.monitoringLogs[0]], to: .monitoringLogs)
        }
        let loader = RecordLoader(try backend.reopen(store, in: folder))

        // Snapshots: the first copy wins; probes it lacks come from the other.
        var expectedSnapshot = snapshot
        expectedSnapshot.registration = Records.lookupHistory[0].registration
        expectedSnapshot.tls = Records.lookupHistory[0].tls
        expectedSnapshot.http = Records.lookupHistory[0].http
        #expect(try loader.load(.lookupHistory).records == [expectedSnapshot])

        // Audits: the copy that completed wins; checks are unioned by id, the winner's first.
        var expectedAudit = Records.domainAudits[0]
        expectedAudit.checks.append(running.checks[1])
        #expect(try loader.load(.domainAudits).records == [expectedAudit])

        // Workflows: the most recently updated wins; the latest run is kept.
        var expectedWorkflow = Records.domainWorkflows[0]
        expectedWorkflow.lastRunAt = Records.day(-2)
        #expect(try loader.load(.domainWorkflows).records == [expectedWorkflow])

        // Logs: the first copy wins; acknowledged if either is; a missing snapshot id is filled in.
        var expectedLog = unacknowledged
        expectedLog.acknowledged = true
        expectedLog.snapshotID = Records.id(10)
        #expect(try loader.load(.monitoringLogs).records == [expectedLog])
    }

    @Test(arguments: BackendUnderTest.allCases)
    func aLedgerWithARepeatedEntryLoadsItOnce(backend: BackendUnderTest) throws {
        let folder = try TemporaryDirectory()
        let store = try backend.makeStore(in: folder)
        var ledger = Records.usageCreditLedger
        ledger.entries.append(ledger.entries[0])
        try save(into: store) { try $0.save(ledger, to: .usageCreditLedger) }
        let loaded = try RecordLoader(try backend.reopen(store, in: folder)).load(.usageCreditLedger)
        #expect(loaded.record?.entries == Records.usageCreditLedger.entries)
        #expect(loaded.record?.balance == 96)
    }

    @Test(arguments: BackendUnderTest.allCases)
    func savingNilRemovesTheObject(backend: BackendUnderTest) throws {
        let folder = try TemporaryDirectory()
        let store = try backend.makeStore(in: folder)
        try save(into: store) { try $0.save(Records.cachedEntitlement, to: .cachedEntitlement) }
        try save(into: store) { try $0.save(Optional<CachedEntitlement>.none, to: .cachedEntitlement) }
        let reopened = try backend.reopen(store, in: folder)
        #expect(try reopened.keys().isEmpty)
        let loaded = try RecordLoader(reopened).load(.cachedEntitlement)
        #expect(loaded.record == nil)
        #expect(loaded.issues.isEmpty)
    }

    @Test(arguments: BackendUnderTest.allCases)
    func appSettingsGoToTheirThreeKeysDeduplicated(backend: BackendUnderTest) throws {
        let folder = try TemporaryDirectory()
        let store = try backend.makeStore(in: folder)
        var settings = AppSettings(recentSearches: [], savedDomains: [], preferences: Records.appPreferences)
        // Set directly, bypassing the initialiser, as a caller holding raw input might.
        settings.recentSearches = [" example.com ", "EXAMPLE.com", "whois example.org", ""]
        settings.savedDomains = ["Example.COM.", "example.com", " example.net"]
        try save(into: store) { try $0.saveAppSettings(settings) }

        let reopened = try backend.reopen(store, in: folder)
        #expect(try reopened.keys() == ["app.preferences", "recentSearches", "savedDomains"])
        #expect(try storedJSON(.recentSearches, in: reopened) == #"["example.com","whois example.org"]"#)
        #expect(try storedJSON(.savedDomains, in: reopened) == #"["example.com","example.net"]"#)
        let loaded = try RecordLoader(reopened).loadAppSettings()
        #expect(loaded.issues.isEmpty)
        #expect(
            loaded.settings
                == AppSettings(
                    recentSearches: ["example.com", "whois example.org"],
                    savedDomains: ["example.com", "example.net"], preferences: Records.appPreferences))
    }

    @Test(arguments: BackendUnderTest.allCases)
    func nothingIsSavedWhenTheTransactionThrows(backend: BackendUnderTest) throws {
        let folder = try TemporaryDirectory()
        let store = try backend.makeStore(in: folder)
        try save(into: store) { try $0.save(Records.trackedDomains, to: .trackedDomains) }
        #expect(throws: Abort.self) {
            try save(into: store) { saver in
                try saver.save([], to: .trackedDomains)
                try saver.save(Records.lookupHistory, to: .lookupHistory)
                throw Abort()
            }
        }
        let loader = RecordLoader(try backend.reopen(store, in: folder))
        #expect(try loader.load(.trackedDomains).records == Records.trackedDomains)
        #expect(try loader.load(.lookupHistory).elementCount == 0)
    }
}
