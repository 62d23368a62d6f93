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

    @Test func shapesAndRecordTypesMatchTheRecordsEachSectionHolds() {
        func shape(_ records: SectionEntry.Records) -> String {
            switch records {
            case .array(let type): "array(\(type))"
            case .object(let defaults): "object(\(type(of: defaults)))"
            case .optionalObject(let type): "optionalObject(\(type))"
            case .composite(let defaults): "composite(\(type(of: defaults)))"
            }
        }
        let records = Dictionary(uniqueKeysWithValues: BackupSection.allCases.map { ($0, shape($0.entry.records)) })
        #expect(
            records == [
                .trackedDomains: "array(TrackedDomain)",
                .lookupHistory: "array(LookupSnapshot)",
                .domainAudits: "array(AuditSession)", .domainWorkflows: "array(Workflow)",
                .monitoringLogs: "array(MonitoringLogEntry)",
                .monitoringSettings: "object(MonitoringSettings)",
                .appSettings: "composite(AppSettings)",
                .entitlement: "optionalObject(CachedEntitlement)",
                .usageCredits: "optionalObject(UsageCreditLedger)",
            ])
        #expect(BackupSection.appSettings.entry.arrayStoreKeys == ["recentSearches", "savedDomains"])
        #expect(BackupSection.allCases.allSatisfy { $0.entry.since == DomainDigBackup.firstArchiveSchemaVersion })
    }

    @Test func everyDataKeyOfTheStoreBelongsToExactlyOneSection() {
        let keys = BackupSection.allCases.flatMap(\.entry.storeKeys)
        #expect(Set(keys).count == keys.count)
        #expect(
            Set(keys) == [
                "trackedDomains", "lookupHistory", "domainAudits", "domainWorkflows", "monitoring.settings",
                "monitoring.logs",
                "recentSearches", "savedDomains", "app.preferences", "purchase.cachedEntitlement",
                "usageCredits.ledger",
            ])
        #expect(BackupSection.appSettings.entry.storeKeys == ["recentSearches", "savedDomains", "app.preferences"])
    }
}
