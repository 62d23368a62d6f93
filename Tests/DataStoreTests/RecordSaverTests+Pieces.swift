import DataStore
import DomainModel
import Foundation
import TestSupport
import Testing

/// `RecordSaver.save(canonicalArrayPieces:to:)`: an array encoded as its records were decoded,
/// handed over in pieces, is stored as `save(_:to:)` would store the records, and counts as a
/// change only when the store held something else.
extension RecordSaverTests {
    @Test(arguments: BackendUnderTest.allCases)
    func anArrayInPiecesIsSavedAsItsRecordsWouldBe(backend: BackendUnderTest) throws {
        let folder = try TemporaryDirectory()
        let store = try backend.makeStore(in: folder)
        let records = SampleRecords.lookupHistory
        let expected = RecordArrayEncoder.encode(records)
        func pieces() -> [[UInt8]] {
            var parts = [Array(expected.dropFirst().dropLast())]
            return RecordArrayEncoder.arrayPieces(&parts)
        }
        var changes: [Bool] = []
        try store.transaction { transaction in
            let saver = RecordSaver(transaction: transaction)
            var first = pieces()
            changes.append(try saver.save(canonicalArrayPieces: &first, to: .lookupHistory))
            #expect(first.isEmpty)
            var again = pieces()
            changes.append(try saver.save(canonicalArrayPieces: &again, to: .lookupHistory))
        }
        #expect(changes == [true, false], "written into an absent key, then unchanged")
        #expect(try RecordLoader(try backend.reopen(store, in: folder)).load(.lookupHistory).records == records)

        let reopened = try backend.reopen(store, in: folder)
        let changed = try reopened.transaction { transaction in
            var other = [Array("[]".utf8)]
            return try RecordSaver(transaction: transaction).save(canonicalArrayPieces: &other, to: .lookupHistory)
        }
        #expect(changed)
        #expect(try reopened.data(forKey: "lookupHistory") == Data("[]".utf8))
    }
}
