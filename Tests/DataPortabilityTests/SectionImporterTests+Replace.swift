import BackupFormat
import DataStore
import DomainModel
import Foundation
import Testing

@testable import DataPortability

/// `SectionImporter` in replace mode: a section present in the backup becomes exactly the
/// backup's (its own duplicates merged); store records the backup lacks are removed and
/// counted, unreadable ones included.
extension SectionImporterTests {
    @Test func replaceTakesTheBackupsRecordsAndRemovesTheRest() throws {
        let store = InMemoryStore()
        let unreadable = #"{"domain":"no-id.example","addedAt":"2025-01-01T00:00:00Z"}"#
        try F.seed(
            store,
            [
                .trackedDomains: """
                [\(F.tracked(1, "kept.com", #""tags":["store"],"isFavorite":true"#)),\(F.tracked(2, "same.com")),\
                \(F.tracked(3, "gone.com")),\(unreadable)]
                """
            ])
        let backup =
            "[\(F.tracked(1, "kept.com", #""tags":["backup"]"#)),\(F.tracked(2, "same.com")),\(F.tracked(4, "new.com"))]"
        let result = try apply(.trackedDomains, backup, mode: .replace, to: store)
        #expect(tally(result.counts) == [1, 1, 1, 0, 0, 2], "gone.com and the unreadable record are removed")
        #expect(result.changed)

        let loaded = try RecordLoader(store).load(.trackedDomains)
        #expect(loaded.records.map(\.domain) == ["kept.com", "same.com", "new.com"])
        #expect(loaded.records[0].tags == ["backup"], "the backup's version whole, not merged")
        #expect(!loaded.records[0].isFavorite)
        #expect(loaded.unreadableElements.isEmpty)
    }

    @Test func replaceMergesTheBackupsOwnDuplicates() throws {
        let store = InMemoryStore()
        try F.seed(store, [.domainWorkflows: "[\(F.workflow(8, "Store"))]"])
        let backup = """
            [\(F.workflow(8, "First", #""updatedAt":"2025-02-01T00:00:00Z""#)),\
            \(F.workflow(8, "Edited later", #""updatedAt":"2025-03-01T00:00:00Z""#))]
            """
        let result = try apply(.domainWorkflows, backup, mode: .replace, to: store)
        #expect(tally(result.counts) == [0, 1, 0, 1, 0, 0])
        #expect(try RecordLoader(store).load(.domainWorkflows).records.map(\.name) == ["Edited later"])
    }

    @Test func replaceWithAnEmptySectionEmptiesTheStores() throws {
        let store = InMemoryStore()
        try F.seed(store, [.monitoringLogs: "[\(F.log(11, "a.com")),\(F.log(12, "b.com"))]"])
        let result = try apply(.monitoringLogs, "[]", mode: .replace, to: store)
        #expect(tally(result.counts) == [0, 0, 0, 0, 0, 2])
        #expect(try F.text(.monitoringLogs, in: store) == "[]")
    }

    @Test func replaceTakesObjectSectionsWholeAndNullRemovesThem() throws {
        let store = InMemoryStore()
        try F.seed(
            store,
            [
                .monitoringSettings:
                    #"{"isEnabled":false,"monitoredDomains":["a.com"],"webhookURL":"https://hook.example"}"#,
                .recentSearches: #"["one"]"#, .savedDomains: #"["a.com"]"#,
                .cachedEntitlement: F.entitlement("pro", verifiedAt: "2025-05-01T00:00:00Z"),
                .usageCreditLedger: #"{"balance":100,"entries":[\#(F.entry(21, 100))]}"#,
            ])
        let settings = try apply(
            .monitoringSettings, #"{"isEnabled":true,"monitoredDomains":["b.com"]}"#, mode: .replace, to: store)
        #expect(tally(settings.counts) == [0, 1, 0, 0, 0, 0])
        let monitoring = try #require(try RecordLoader(store).load(.monitoringSettings).record)
        #expect(monitoring.monitoredDomains == ["b.com"], "not unioned")
        #expect(monitoring.webhookURL == nil, "not kept from the store")

        let app = try apply(.appSettings, #"{"recentSearches":["two"],"savedDomains":[]}"#, mode: .replace, to: store)
        #expect(tally(app.counts) == [0, 1, 0, 0, 0, 0])
        let appSettings = try RecordLoader(store).loadAppSettings().settings
        #expect(appSettings.recentSearches == ["two"])
        #expect(appSettings.savedDomains.isEmpty)

        // An older entitlement replaces a newer one: replace does not apply the merge rule.
        let older = try apply(
            .entitlement, F.entitlement("free", verifiedAt: "2025-01-01T00:00:00Z"), mode: .replace, to: store)
        #expect(tally(older.counts) == [0, 1, 0, 0, 0, 0])
        #expect(try RecordLoader(store).load(.cachedEntitlement).record?.tier.rawValue == "free")

        for (section, key) in [
            (BackupSection.entitlement, StorageKey.cachedEntitlement), (.usageCredits, .usageCreditLedger),
        ] {
            let none = try apply(section, "null", mode: .replace, to: store)
            #expect(tally(none.counts) == [0, 0, 0, 0, 0, 1], "\(section)")
            #expect(none.changed)
            #expect(try store.value(forKey: key.rawValue) == nil, "\(section)")
        }
    }

    @Test func replaceWithTheSameRecordsChangesNothing() throws {
        let store = InMemoryStore()
        let blob = "[\(F.tracked(1, "a.com")),\(F.tracked(2, "b.com"))]"
        try F.seed(
            store,
            [.trackedDomains: blob, .cachedEntitlement: F.entitlement("pro", verifiedAt: "2025-05-01T00:00:00Z")])
        let before = store.entries
        let domains = try apply(.trackedDomains, blob, mode: .replace, to: store)
        #expect(tally(domains.counts) == [0, 0, 2, 0, 0, 0])
        #expect(!domains.changed)
        let entitlement = try apply(
            .entitlement, F.entitlement("pro", verifiedAt: "2025-05-01T00:00:00Z"), mode: .replace, to: store)
        #expect(tally(entitlement.counts) == [0, 0, 1, 0, 0, 0])
        #expect(!entitlement.changed)
        #expect(store.entries == before, "equal records are not rewritten, so the stored bytes stay as they were")
    }

    @Test func recordsThatDoNotChangeKeepTheirStoredBytes() throws {
        // Non-canonical spelling and a field this build does not know: an import that changes
        // nothing in the section must not normalise them away.
        let store = InMemoryStore()
        let blob =
            #"[ {"domain":"Example.COM.","id":"\#(F.id(1).uppercased())","addedAt":"2025-01-01T00:00:00Z","futureField":42} ]"#
        try F.seed(store, [.trackedDomains: blob])
        // The backup's record, canonical, with the same unknown field.
        let same = #"[{"id":"\#(F.id(1))","domain":"example.com","addedAt":"2025-01-01T00:00:00Z","futureField":42}]"#
        for mode in ImportMode.allCases {
            let result = try apply(.trackedDomains, same, mode: mode, to: store)
            #expect(tally(result.counts) == [0, 0, 1, 0, 0, 0], "\(mode)")
            #expect(!result.changed, "\(mode)")
            #expect(try F.text(.trackedDomains, in: store) == blob, "\(mode)")
        }
        // Without the field: a merge keeps the store's (unknown fields are unioned), a replace
        // takes the backup's record as it is.
        let without = "[\(F.tracked(1, "example.com"))]"
        let merged = try apply(.trackedDomains, without, mode: .merge, to: store)
        #expect(tally(merged.counts) == [0, 0, 1, 0, 0, 0])
        #expect(try F.text(.trackedDomains, in: store) == blob)
        let replaced = try apply(.trackedDomains, without, mode: .replace, to: store)
        #expect(tally(replaced.counts) == [0, 1, 0, 0, 0, 0])
        #expect(try F.text(.trackedDomains, in: store)?.contains("futureField") == false)
    }
}
