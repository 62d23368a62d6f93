import Testing

@testable import DataStore

@Suite struct StorageKeyTests {
    @Test func anExportCarriesTheKeysThisBuildDoesNotKnowAndTheLegacyOnes() {
        let carried = StorageKey.allCases.filter { StorageKey.isCarried($0.rawValue) }
        #expect(carried == [.legacyWatchedDomains, .legacyResolverURL, .legacyDisplayDensity, .legacyShowRawRecords])
        #expect(carried.allSatisfy { $0.retiredInVersion != nil })
        #expect(StorageKey.isCarried("com.example.futureFeature"))
        #expect(
            ![StorageKey.storeSchemaVersion, .preVersioningMarker, .migrationJournal].contains {
                StorageKey.isCarried($0.rawValue)
            })
    }
}
