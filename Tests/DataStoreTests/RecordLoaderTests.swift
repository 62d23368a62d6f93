import DataStore
import DomainModel
import Foundation
import TestSupport
import Testing

/// The lenient, deduplicating load path, on every backend: what the app left in the store
/// (duplicates in any spelling, malformed records, values of the wrong kind) loads without
/// failing, canonical, one record per natural key, with every problem reported.
@Suite struct RecordLoaderTests {
    struct Abort: Error {}

    private typealias Records = SampleRecords

    @Test(arguments: BackendUnderTest.allCases)
    func storedDuplicatesInAnySpellingLoadAsOneCanonicalRecord(backend: BackendUnderTest) throws {
        let folder = try TemporaryDirectory()
        let store = try backend.makeStore(in: folder)
        try setJSON(
            """
            [{"id":"\(Records.id(1).uuidString)","domain":"Example.COM","addedAt":"2025-01-01T00:00:00Z","tags":["a"]},
             {"id":"\(Records.id(2).uuidString)","domain":"example.com.","addedAt":"2024-06-01T00:00:00Z","tags":["b"]},
             {"id":"\(Records.id(3).uuidString)","domain":"  EXAMPLE.com  ","addedAt":"2025-02-01T00:00:00+01:00"},
             {"id":"\(Records.id(4).uuidString)","domain":"example.org","addedAt":"2025-03-01T00:00:00Z"}]
            """, forKey: .trackedDomains, in: store)
        let loaded = try RecordLoader(try backend.reopen(store, in: folder)).load(.trackedDomains)
        #expect(loaded.elementCount == 4)
        #expect(loaded.duplicatesMerged == 2)
        #expect(loaded.issues.isEmpty)
        #expect(loaded.records.map(\.domain) == ["example.com", "example.org"])
        #expect(loaded.records.first?.id == Records.id(2), "the earliest-added record is the base")
        #expect(loaded.records.first?.tags == ["b", "a"])
    }

    @Test(arguments: BackendUnderTest.allCases)
    func malformedRecordsAreLeftOutAndReportedWithTheirPath(backend: BackendUnderTest) throws {
        let folder = try TemporaryDirectory()
        let store = try backend.makeStore(in: folder)
        try setJSON(
            """
            [{"id":"\(Records.id(1).uuidString)","domain":"example.com","addedAt":"2025-01-01T00:00:00Z","status":"snoozed"},
             {"domain":"no-id.example","addedAt":"2025-01-01T00:00:00Z"},
             {"id":"\(Records.id(3).uuidString)","domain":"exa mple..com","addedAt":"2025-01-01T00:00:00Z"},
             "not a record",
             {"id":"\(Records.id(5).uuidString)","domain":"example.net","addedAt":"2025-01-01T00:00:00Z","isFavorite":"yes"}]
            """, forKey: .trackedDomains, in: store)
        let loaded = try RecordLoader(try backend.reopen(store, in: folder)).load(.trackedDomains)
        #expect(loaded.records.map(\.domain) == ["example.com", "example.net"])
        #expect(loaded.records.first?.status.rawValue == "snoozed")
        #expect(loaded.records.first?.status.value == .active)
        #expect(loaded.elementCount == 5)
        #expect(loaded.skippedCount == 3)
        #expect(
            issueSummary(loaded.issues) == [
                "defaultedField $[4].isFavorite", "skippedRecord $[1].id", "skippedRecord $[2].domain",
                "skippedRecord $[3]",
                "unknownEnumValue $[0].status",
            ])
    }

    @Test(arguments: BackendUnderTest.allCases)
    func anUnreadableBlobYieldsNoRecordsAndOneIssue(backend: BackendUnderTest) throws {
        let folder = try TemporaryDirectory()
        let store = try backend.makeStore(in: folder)
        try setJSON(#"[{"id":"x"}, {"#, forKey: .lookupHistory, in: store)
        try setJSON(#"{"isEnabled": tru}"#, forKey: .monitoringSettings, in: store)
        let loader = RecordLoader(try backend.reopen(store, in: folder))
        let history = try loader.load(.lookupHistory)
        #expect(history.records.isEmpty)
        #expect(issueSummary(history.issues) == ["skippedRecord $"])
        let settings = try loader.load(.monitoringSettings)
        #expect(settings.record == nil)
        #expect(issueSummary(settings.issues) == ["skippedRecord $"])
    }

    @Test(
        arguments: BackendUnderTest.allCases,
        [
            StoreValue.integer(3), .bool(true), .double(1.5), .date(Date(timeIntervalSince1970: 0)),
            .array([.string("example.com")]), .dictionary(["domain": .string("example.com")]),
        ])
    func aValueThatIsNotDataIsReportedNotACrash(backend: BackendUnderTest, value: StoreValue) throws {
        let folder = try TemporaryDirectory()
        let store = try backend.makeStore(in: folder)
        for key in [StorageKey.trackedDomains, .usageCreditLedger, .recentSearches] {
            try store.set(value, forKey: key.rawValue)
        }
        let loader = RecordLoader(try backend.reopen(store, in: folder))
        let expected = DecodingIssue(
            kind: .skippedRecord, path: "$",
            message: "holds \(value.kindName) instead of JSON data; it is kept as written")

        let domains = try loader.load(.trackedDomains)
        #expect(domains.records.isEmpty && domains.elementCount == 0)
        #expect(domains.issues == [expected])
        let ledger = try loader.load(.usageCreditLedger)
        #expect(ledger.record == nil)
        #expect(ledger.issues == [expected])
        let searches = try loader.loadStrings(.recentSearches)
        #expect(searches.strings.isEmpty)
        #expect(searches.issues == [expected])
        let blob = try loader.blob(.trackedDomains)
        #expect(blob.bytes == nil && blob.issues == [expected])
    }

    @Test(arguments: BackendUnderTest.allCases)
    func jsonStoredAsAStringIsRead(backend: BackendUnderTest) throws {
        let folder = try TemporaryDirectory()
        let store = try backend.makeStore(in: folder)
        let json = String(decoding: Records.cachedEntitlement.canonicalJSON, as: UTF8.self)
        try store.set(.string(json), forKey: StorageKey.cachedEntitlement.rawValue)
        let loaded = try RecordLoader(try backend.reopen(store, in: folder)).load(.cachedEntitlement)
        #expect(loaded.record == Records.cachedEntitlement)
        #expect(loaded.issues.isEmpty)
    }

    @Test(arguments: BackendUnderTest.allCases)
    func absentKeysLoadEmptyWithoutIssues(backend: BackendUnderTest) throws {
        let folder = try TemporaryDirectory()
        let loader = RecordLoader(try backend.makeStore(in: folder))
        let domains = try loader.load(.trackedDomains)
        #expect(domains.records.isEmpty && domains.issues.isEmpty && domains.elementCount == 0)
        let settings = try loader.load(.monitoringSettings)
        #expect(settings.record == nil && settings.issues.isEmpty)
        let searches = try loader.loadStrings(.recentSearches)
        #expect(searches.strings.isEmpty && searches.issues.isEmpty)
        #expect(try loader.blob(.lookupHistory).bytes == nil)
    }

    @Test(arguments: BackendUnderTest.allCases)
    func appSettingsTakeTheirDefaultsWhenNothingIsStored(backend: BackendUnderTest) throws {
        let folder = try TemporaryDirectory()
        let loaded = try RecordLoader(try backend.makeStore(in: folder)).loadAppSettings()
        #expect(loaded.settings == AppSettings.defaults)
        #expect(loaded.issues.isEmpty)
    }

    @Test(arguments: BackendUnderTest.allCases)
    func appSettingsAreComposedFromTheirThreeKeys(backend: BackendUnderTest) throws {
        let folder = try TemporaryDirectory()
        let store = try backend.makeStore(in: folder)
        try setJSON(#"["example.com", "whois example.org"]"#, forKey: .recentSearches, in: store)
        try setJSON(#"["Example.COM.", "example.net", "example.com"]"#, forKey: .savedDomains, in: store)
        let loaded = try RecordLoader(try backend.reopen(store, in: folder)).loadAppSettings()
        #expect(loaded.issues.isEmpty)
        // Preferences are missing: their defaults are used.
        #expect(
            loaded.settings
                == AppSettings(
                    recentSearches: ["example.com", "whois example.org"],
                    savedDomains: ["example.com", "example.net"], preferences: .defaults))
    }

    @Test(arguments: BackendUnderTest.allCases)
    func appSettingsIssuesAreKeyedByTheirStoreKey(backend: BackendUnderTest) throws {
        let folder = try TemporaryDirectory()
        let store = try backend.makeStore(in: folder)
        try setJSON(#"["example.com", 42]"#, forKey: .recentSearches, in: store)
        try setJSON(#"["example.com", "not a domain", "EXAMPLE.com"]"#, forKey: .savedDomains, in: store)
        try setJSON(
            #"{"resolverURL":"http://dns.example","displayDensity":"roomy","showRawRecords":true}"#,
            forKey: .appPreferences, in: store)
        let loaded = try RecordLoader(try backend.reopen(store, in: folder)).loadAppSettings()
        #expect(loaded.settings.recentSearches == ["example.com"])
        #expect(loaded.settings.savedDomains == ["example.com"])
        #expect(loaded.settings.preferences.resolverURL == AppPreferences.defaultResolverURL)
        #expect(loaded.settings.preferences.displayDensity.rawValue == "roomy")
        #expect(loaded.settings.preferences.showRawRecords)
        let keyed = loaded.issues.map { "\($0.0.rawValue) \($0.1.kind.rawValue) \($0.1.path)" }.sorted()
        #expect(
            keyed == [
                "app.preferences defaultedField $.resolverURL", "app.preferences unknownEnumValue $.displayDensity",
                "recentSearches skippedElement $[1]", "savedDomains skippedElement $[1]",
            ])
    }

    @Test(arguments: BackendUnderTest.allCases)
    func anUnreadableSettingsKeyIsReportedUnderItsKey(backend: BackendUnderTest) throws {
        let folder = try TemporaryDirectory()
        let store = try backend.makeStore(in: folder)
        try store.set(.integer(7), forKey: StorageKey.savedDomains.rawValue)
        try setJSON("[", forKey: .recentSearches, in: store)
        try setJSON(#"{"displayDensity":"compact"}"#, forKey: .appPreferences, in: store)
        let loaded = try RecordLoader(try backend.reopen(store, in: folder)).loadAppSettings()
        #expect(loaded.settings.recentSearches.isEmpty && loaded.settings.savedDomains.isEmpty)
        #expect(loaded.settings.preferences.displayDensity.value == .compact)
        let keyed = loaded.issues.map { "\($0.0.rawValue) \($0.1.kind.rawValue) \($0.1.path)" }.sorted()
        #expect(keyed == ["recentSearches skippedRecord $", "savedDomains skippedRecord $"])
    }

    @Test func tooManySavedDomainsAreCutAndReported() throws {
        // Far more than the limit, with repeats in other spellings and invalid names between them.
        let names = (0..<20_000).map { "site-\($0).example" }
        let stored = names.enumerated().flatMap { index, name in
            index % 1000 == 0 ? [name, name.uppercased() + ".", "not a domain \(index)"] : [name]
        }
        let store = InMemoryStore()
        try setJSON("[" + stored.map { "\"\($0)\"" }.joined(separator: ",") + "]", forKey: .savedDomains, in: store)
        let loaded = try RecordLoader(store).loadAppSettings()
        #expect(loaded.settings.savedDomains == Array(names.prefix(AppSettings.maxSavedDomains)))
        let keyed = loaded.issues.map { "\($0.0.rawValue) \($0.1.kind.rawValue)" }
        #expect(keyed.filter { $0 == "savedDomains truncatedList" }.count == 1)
        #expect(keyed.filter { $0 == "savedDomains skippedElement" }.count == 20)
    }

    @Test func tooManyRecentSearchesAreCutAndReported() throws {
        let searches = (0..<150).map { "search \($0)" }
        let store = InMemoryStore()
        try setJSON("[" + searches.map { "\"\($0)\"" }.joined(separator: ",") + "]", forKey: .recentSearches, in: store)
        let loaded = try RecordLoader(store).loadAppSettings()
        #expect(loaded.settings.recentSearches == Array(searches.prefix(AppSettings.maxRecentSearches)))
        #expect(
            loaded.issues.map { "\($0.0.rawValue) \($0.1.kind.rawValue) \($0.1.path)" } == [
                "recentSearches truncatedList $"
            ])
    }

    @Test func exactlyTheLimitOfRecentSearchesAfterDuplicatesIsNotReported() throws {
        // 100 distinct searches, each repeated in another case and with padding: nothing is cut.
        let searches = (0..<AppSettings.maxRecentSearches).flatMap { ["Search \($0)", "  search \($0) ", ""] }
        let store = InMemoryStore()
        try setJSON("[" + searches.map { "\"\($0)\"" }.joined(separator: ",") + "]", forKey: .recentSearches, in: store)
        let loaded = try RecordLoader(store).loadAppSettings()
        #expect(loaded.settings.recentSearches.count == AppSettings.maxRecentSearches)
        #expect(loaded.settings.recentSearches.first == "Search 0")
        #expect(loaded.issues.isEmpty)
    }

    @Test(arguments: BackendUnderTest.allCases)
    func loadingThroughAnOpenTransactionSeesItsUncommittedWrites(backend: BackendUnderTest) throws {
        let folder = try TemporaryDirectory()
        let store = try backend.makeStore(in: folder)
        try store.transaction { transaction in
            _ = try RecordSaver(transaction: transaction).save(Records.trackedDomains, to: .trackedDomains)
        }
        #expect(throws: Abort.self) {
            try store.transaction { transaction in
                let saver = RecordSaver(transaction: transaction)
                try saver.save(Records.monitoringLogs, to: .monitoringLogs)
                try saver.save(Array(Records.trackedDomains.suffix(1)), to: .trackedDomains)
                try saver.saveAppSettings(
                    AppSettings(recentSearches: ["example.com"], savedDomains: [], preferences: .defaults))
                let loader = RecordLoader(transaction)
                #expect(try loader.load(.monitoringLogs).records == Records.monitoringLogs)
                #expect(try loader.load(.trackedDomains).records == Array(Records.trackedDomains.suffix(1)))
                #expect(try loader.loadAppSettings().settings.recentSearches == ["example.com"])
                throw Abort()
            }
        }
        // The writes were never committed.
        let loader = RecordLoader(try backend.reopen(store, in: folder))
        #expect(try loader.load(.monitoringLogs).elementCount == 0)
        #expect(try loader.load(.trackedDomains).records == Records.trackedDomains)
        #expect(try loader.loadAppSettings().settings == .defaults)
    }

    @Test func stringListsKeepTheirOrderAndSkipOtherElements() throws {
        let store = InMemoryStore()
        try setJSON(#"["b.example", null, "a.example", ["nested"], "b.example"]"#, forKey: .recentSearches, in: store)
        let loaded = try RecordLoader(store).loadStrings(.recentSearches)
        #expect(loaded.strings == ["b.example", "a.example", "b.example"])
        #expect(issueSummary(loaded.issues) == ["skippedElement $[1]", "skippedElement $[3]"])
    }

    @Test func kindNamesReadAsPartOfASentence() {
        let names = [
            StoreValue.data(Data()), .string(""), .integer(0), .bool(false), .double(0), .date(Date()), .array([]),
            .dictionary([:]),
        ].map(\.kindName)
        #expect(
            names == ["data", "a string", "an integer", "a Boolean", "a number", "a date", "an array", "a dictionary"])
    }
}
