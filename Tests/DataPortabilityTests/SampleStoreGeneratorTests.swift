import DataMigration
import DataPortability
import DataStore
import DomainModel
import Foundation
import TestSupport
import Testing

@Suite struct SampleStoreGeneratorTests {
    private let generator = SampleStoreGenerator(size: .small, seed: 42)

    /// A loader of the records the generator makes.
    private var sampleLoader: RecordLoader { RecordLoader(InMemoryStore(entries: stringKeys(generator.makeValues()))) }

    /// The domains the generator's store tracks.
    private func trackedDomains(_ loader: RecordLoader) throws -> Set<String> {
        Set(try loader.load(.trackedDomains).records.map(\.domain))
    }

    private func summary(_ issues: [DecodingIssue]) -> [String] {
        issues.map { "\($0.kind.rawValue) \($0.path)" }.sorted()
    }

    @Test func theSameSizeAndSeedGiveTheSameValues() {
        let first = generator.makeValues()
        let second = SampleStoreGenerator(size: .small, seed: 42).makeValues()
        #expect(first == second)
        #expect(Set(first.keys) == Set(StorageKey.dataKeys + [.storeSchemaVersion]))
    }

    @Test func anotherSeedGivesOtherValues() {
        let first = generator.makeValues()
        let other = SampleStoreGenerator(size: .small, seed: 43).makeValues()
        for key in [StorageKey.trackedDomains, .lookupHistory, .domainAudits, .monitoringLogs, .usageCreditLedger] {
            #expect(first[key] != other[key], "\(key.rawValue) did not change with the seed")
        }
        #expect(first[.storeSchemaVersion] == other[.storeSchemaVersion])
    }

    @Test func theSmallSizeIsAFewHundredKilobytesOfJSON() throws {
        let values = generator.makeValues()
        var total = 0
        for key in StorageKey.dataKeys { total += try blob(key, in: values).count }
        #expect((200_000...900_000).contains(total), "small sample holds \(total) bytes")
        #expect(values[.storeSchemaVersion] == .integer(DataMigrationService.currentStoreSchemaVersion))
    }

    @Test func everyBlobIsValidJSON() throws {
        for (key, value) in generator.makeValues() where key != .storeSchemaVersion {
            guard case .data(let data) = value else {
                Issue.record("\(key.rawValue) is not data")
                continue
            }
            #expect((try? JSONSerialization.jsonObject(with: data)) != nil, "\(key.rawValue)")
        }
    }

    @Test func listsEveryPlantedProblem() {
        let keys = SampleStoreGenerator.plantedProblems.map { $0.prefix { $0 != ":" } }
        #expect(
            keys == [
                "trackedDomains", "trackedDomains", "trackedDomains", "lookupHistory", "domainAudits",
                "domainWorkflows", "monitoring.logs", "usageCredits.ledger", "reminders.v2",
            ])
    }

    @Test func plantsDuplicatesMalformedRecordsAndAnUnknownStatusInTrackedDomains() throws {
        let loaded = try sampleLoader.load(.trackedDomains)
        // 40 domains, the unknown-status record, 3 duplicates and 2 malformed records.
        #expect(loaded.elementCount == 46)
        #expect(loaded.duplicatesMerged == 3)
        #expect(loaded.records.count == 41)
        #expect(Set(loaded.records.map(\.domain)).count == loaded.records.count)
        #expect(
            summary(loaded.issues) == [
                "skippedRecord $[44].id", "skippedRecord $[45].domain", "unknownEnumValue $[3].status",
            ])
        let snoozed = try #require(loaded.records.first { $0.status.rawValue == "snoozed" })
        #expect(snoozed.status.value == .active)
        #expect(snoozed.domain == "snoozed-42.example.net")
        // The merged duplicates carry the tag only the duplicates had.
        #expect(loaded.records.filter { $0.tags.contains("imported") }.count == 3)
    }

    @Test func plantsAnExactDuplicateAnUnreadableDateAWrongTTLAndA1970Snapshot() throws {
        let loaded = try sampleLoader.load(.lookupHistory)
        #expect(loaded.elementCount == 153)
        #expect(loaded.duplicatesMerged == 1)
        #expect(loaded.records.count == 151)
        #expect(
            summary(loaded.issues) == ["defaultedField $[152].dns.records[0].ttl", "skippedRecord $[151].capturedAt"])
        #expect(loaded.records.contains { $0.capturedAt == Date(timeIntervalSince1970: 86_400) })
    }

    @Test func plantsAnUntrackedAuditDomainAndAnUnknownCheckResult() throws {
        let loader = sampleLoader
        let tracked = try trackedDomains(loader)
        let audits = try loader.load(.domainAudits)
        #expect(audits.records.count == 21)
        #expect(summary(audits.issues) == ["unknownEnumValue $[20].checks[0].result"])
        #expect(audits.records.last?.checks.first?.result.rawValue == "flaky")
        #expect(audits.records.filter { !tracked.contains($0.domain) }.map(\.domain) == ["untracked-audit.example.org"])
    }

    @Test func plantsAnUntrackedWorkflowDomainAndAnUnknownStepKind() throws {
        let loader = sampleLoader
        let tracked = try trackedDomains(loader)
        let workflows = try loader.load(.domainWorkflows)
        #expect(workflows.records.count == 6)
        #expect(summary(workflows.issues) == ["unknownEnumValue $[1].steps[4].kind"])
        #expect(workflows.records[1].steps[4].kind.rawValue == "screenshot")
        #expect(workflows.records.flatMap(\.domains).filter { !tracked.contains($0) } == ["not-tracked.example.com"])
    }

    @Test func plantsADanglingSnapshotReferenceAndALogWithoutADomain() throws {
        let loader = sampleLoader
        let snapshotIDs = Set(try loader.load(.lookupHistory).records.map(\.id))
        let logs = try loader.load(.monitoringLogs)
        #expect(logs.elementCount == 201)
        #expect(logs.records.count == 200)
        #expect(summary(logs.issues) == ["skippedRecord $[200].domain"])
        let dangling = logs.records.compactMap(\.snapshotID).filter { !snapshotIDs.contains($0) }
        #expect(dangling.count == 1)
        #expect(logs.records.first?.snapshotID == dangling.first)
    }

    @Test func plantsALedgerWhoseBalanceIsFiveAboveItsEntries() throws {
        let loaded = try sampleLoader.load(
            .usageCreditLedger)
        let ledger = try #require(loaded.record)
        #expect(loaded.issues.isEmpty)
        #expect(ledger.entries.count == 30)
        #expect(ledger.balance == ledger.entries.reduce(0) { $0 + $1.amount } + 5)
    }

    @Test func theOtherKeysLoadCleanly() throws {
        let loader = sampleLoader
        let settings = try loader.load(.monitoringSettings)
        #expect(settings.issues.isEmpty)
        #expect(settings.record?.isEnabled == true)
        let entitlement = try loader.load(.cachedEntitlement)
        #expect(entitlement.issues.isEmpty)
        #expect(entitlement.record?.tier.value == .pro)
        let app = try loader.loadAppSettings()
        #expect(app.issues.isEmpty)
        #expect(app.settings.savedDomains.last == "saved-example.org")
        #expect(app.settings.recentSearches.count <= 25)
        #expect(app.settings.preferences.displayDensity.value == .compact)
    }

    @Test(arguments: StoreUnderTest.allCases)
    func writesIntoAnEmptyStoreInOneGo(kind: StoreUnderTest) throws {
        let folder = try TemporaryDirectory()
        let store = try kind.makeStore(in: folder)
        try generator.write(into: store, replacingExisting: false)
        let reopened = try kind.reopen(store, in: folder)
        let expected = stringKeys(generator.makeValues())
        #expect(try snapshot(of: reopened) == expected)
    }

    @Test(arguments: StoreUnderTest.allCases)
    func refusesAStoreThatHoldsAnythingAndLeavesItUnchanged(kind: StoreUnderTest) throws {
        let folder = try TemporaryDirectory()
        var store = try kind.makeStore(in: folder)
        try store.set(.data(Data("[]".utf8)), forKey: "trackedDomains")
        try store.set(.string("keep me"), forKey: "unrelated")
        store = try kind.reopen(store, in: folder)
        try kind.close(store)
        let fileBefore = kind == .memory ? nil : try Data(contentsOf: kind.url(in: folder))
        store = try kind.reopen(store, in: folder)

        #expect {
            try generator.write(into: store, replacingExisting: false)
        } throws: { error in
            guard case SampleError.storeNotEmpty(let location, let keyCount) = error else { return false }
            return location == store.location && keyCount == 2
        }
        store = try kind.reopen(store, in: folder)
        #expect(try snapshot(of: store) == ["trackedDomains": .data(Data("[]".utf8)), "unrelated": .string("keep me")])
        if let fileBefore {
            try kind.close(store)
            #expect(try Data(contentsOf: kind.url(in: folder)) == fileBefore)
        }
    }

    @Test(arguments: StoreUnderTest.allCases)
    func replacesEverythingWhenAsked(kind: StoreUnderTest) throws {
        let folder = try TemporaryDirectory()
        var store = try kind.makeStore(in: folder)
        try SampleStoreGenerator(size: .small, seed: 1).write(into: store, replacingExisting: false)
        try store.set(.string("gone after replacing"), forKey: "unrelated")
        store = try kind.reopen(store, in: folder)
        try generator.write(into: store, replacingExisting: true)
        #expect(try snapshot(of: try kind.reopen(store, in: folder)) == stringKeys(generator.makeValues()))
    }

    @Test func theRefusalNamesTheStoreAndSaysItWasLeftUnchanged() {
        let message = SampleError.storeNotEmpty(location: "/tmp/store.sqlite", keyCount: 3).description
        #expect(
            message.contains("/tmp/store.sqlite") && message.contains("3 keys") && message.contains("left it unchanged")
        )
    }

    /// What `write` writes: the values by key, and the keys this build does not know.
    private func stringKeys(_ values: [StorageKey: StoreValue]) -> [String: StoreValue] {
        Dictionary(uniqueKeysWithValues: values.map { ($0.key.rawValue, $0.value) })
            .merging(SampleStoreGenerator.unknownValues) { $1 }
    }
}
