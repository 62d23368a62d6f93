import DomainModel
import Foundation
import Testing

@Suite struct RecordCollectionTests {
    static func entry(_ n: Int, acknowledged: Bool = false, snapshot: Int? = nil) -> MonitoringLogEntry {
        MonitoringLogEntry(
            id: Sample.id(n), domain: "example.com", checkedAt: Sample.date("2026-11-30T04:42:22Z"),
            event: .dnsChange, snapshotID: snapshot.map(Sample.id), acknowledged: acknowledged)
    }

    @Test func insertReportsAddedMergedAndUnchanged() {
        var collection = RecordCollection<MonitoringLogEntry>()
        #expect(collection.insert(Self.entry(1)) == .added)
        #expect(collection.insert(Self.entry(1)) == .unchanged)
        #expect(collection.insert(Self.entry(1, acknowledged: true)) == .merged)
        #expect(collection.insert(Self.entry(1, acknowledged: false)) == .unchanged)
        #expect(collection.count == 1)
        #expect(collection[Sample.id(1)]?.acknowledged == true)
    }

    @Test func keepsTheOrderOfFirstAppearance() {
        var collection = RecordCollection<MonitoringLogEntry>()
        for n in [3, 1, 2, 1, 3, 4] { collection.insert(Self.entry(n)) }
        #expect(collection.records.map(\.id) == [3, 1, 2, 4].map(Sample.id))
    }

    @Test func initialiserMergesDuplicates() {
        let collection = RecordCollection([Self.entry(1), Self.entry(2), Self.entry(1, snapshot: 9)])
        #expect(collection.count == 2)
        #expect(collection.records[0].snapshotID == Sample.id(9))
        #expect(collection[Sample.id(3)] == nil)
    }
}
