import BackupFormat
import Testing

@Suite struct BackupSectionTests {
    @Test(arguments: BackupSection.allCases)
    func theEntryPathLeadsBackToTheSection(section: BackupSection) {
        #expect(section.entryPath == "sections/\(section.rawValue).json")
        #expect(BackupSection(entryPath: section.entryPath) == section)
    }

    @Test(arguments: [
        "manifest.json", "sections/", "sections/.json", "sections/unknown.json", "trackedDomains.json",
        "sections/trackedDomains.json.bak", "sections/trackedDomains", "other/trackedDomains.json",
        "sections/sections/trackedDomains.json", "Sections/trackedDomains.json",
    ])
    func otherPathsAreNoSection(path: String) {
        #expect(BackupSection(entryPath: path) == nil)
    }

    @Test func theSectionsComeInArchiveOrderWithReferencedSectionsFirst() {
        let order = BackupSection.allCases
        #expect(order.first == .trackedDomains)
        let position = { (section: BackupSection) in order.firstIndex(of: section)! }
        for referring in [BackupSection.domainAudits, .domainWorkflows, .monitoringLogs] {
            #expect(position(.trackedDomains) < position(referring))
        }
        #expect(position(.lookupHistory) < position(.monitoringLogs))
    }

    @Test func shapesMatchTheRecordsEachSectionHolds() {
        let shapes = Dictionary(uniqueKeysWithValues: BackupSection.allCases.map { ($0, "\($0.shape)") })
        #expect(
            shapes == [
                .trackedDomains: "array", .lookupHistory: "array", .domainAudits: "array", .domainWorkflows: "array",
                .monitoringLogs: "array", .monitoringSettings: "object", .appSettings: "object",
                .entitlement: "optionalObject", .usageCredits: "optionalObject",
            ])
    }

    @Test func everyDataKeyOfTheStoreBelongsToExactlyOneSection() {
        let keys = BackupSection.allCases.flatMap(\.storeKeys)
        #expect(Set(keys).count == keys.count)
        #expect(
            Set(keys) == [
                "trackedDomains", "lookupHistory", "domainAudits", "domainWorkflows", "monitoring.settings",
                "monitoring.logs",
                "recentSearches", "savedDomains", "app.preferences", "purchase.cachedEntitlement",
                "usageCredits.ledger",
            ])
        #expect(BackupSection.appSettings.storeKeys == ["recentSearches", "savedDomains", "app.preferences"])
    }
}
