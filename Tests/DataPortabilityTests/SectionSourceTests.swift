import BackupFormat
import DataStore
import DomainModel
import TestSupport
import Testing

@testable import DataPortability

/// `SectionSource` encodes each collection as it decodes it; what it writes must be what the
/// loader's records, encoded, would be — on the sample store, which holds every kind of mess
/// the loaders work around (duplicates in other spellings, malformed records, unknown values).
@Suite struct SectionSourceTests {
    func expectLoaderAndEncoderAgree<Record>(
        _ section: BackupSection, _ key: CollectionKey<Record>,
        in store: any KeyValueStore
    ) throws {
        let written = try SectionSource(store).read(section)
        let loaded = try RecordLoader(store).load(key)
        let isEncoded = written.bytes.elementsEqual(RecordArrayEncoder.encode(loaded.records).joined())
        #expect(isEncoded, "\(section)")
        #expect(written.records == loaded.records.count, "\(section)")
        #expect(written.duplicatesMerged == loaded.duplicatesMerged, "\(section)")
        #expect(
            written.findings.issues == loaded.issues.map { StoreIssue(key: key.storageKey.rawValue, issue: $0) },
            "\(section)")
    }

    @Test(arguments: StoreUnderTest.allCases)
    func collectionsAreWhatTheLoadersRecordsEncodeTo(store kind: StoreUnderTest) throws {
        for seed in [UInt64(42), 7] {
            let folder = try TemporaryDirectory()
            let store = try kind.sampledStore(in: folder, seed: seed)
            try expectLoaderAndEncoderAgree(.trackedDomains, .trackedDomains, in: store)
            try expectLoaderAndEncoderAgree(.lookupHistory, .lookupHistory, in: store)
            try expectLoaderAndEncoderAgree(.domainAudits, .domainAudits, in: store)
            try expectLoaderAndEncoderAgree(.domainWorkflows, .domainWorkflows, in: store)
            try expectLoaderAndEncoderAgree(.monitoringLogs, .monitoringLogs, in: store)
            let tracked = try SectionSource(store).read(.trackedDomains)
            #expect(
                tracked.duplicatesMerged > 0 && !tracked.findings.issues.isEmpty,
                "the sample holds duplicates and malformed records")
        }
    }

    @Test func aCollectionThatIsNotDataIsAnEmptySectionWithAnIssue() throws {
        let store = InMemoryStore()
        try store.transaction { try $0.set(.integer(3), forKey: StorageKey.lookupHistory.rawValue) }
        try expectLoaderAndEncoderAgree(.lookupHistory, .lookupHistory, in: store)
        let read = try SectionSource(store).read(.lookupHistory)
        let isEmptyArray = read.bytes.elementsEqual(Array("[]".utf8))
        #expect(isEmptyArray && read.records == 0 && read.findings.issues.count == 1)
    }
}
