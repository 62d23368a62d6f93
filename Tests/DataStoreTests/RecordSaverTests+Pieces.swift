import DataStore
import DomainModel
import Foundation
import TestSupport
import Testing

/// `RecordSaver.save(canonicalArray:to:)`: an array encoded as its records were decoded,
/// handed over in chunks, is stored as `save(_:to:)` would store the records, and counts as a
/// change only when the store held something else.
extension RecordSaverTests {
    @Test(arguments: BackendUnderTest.allCases)
    func anArrayInPiecesIsSavedAsItsRecordsWouldBe(backend: BackendUnderTest) throws {
        let folder = try TemporaryDirectory()
        let store = try backend.makeStore(in: folder)
        let records = SampleRecords.lookupHistory
        let expected = RecordArrayEncoder.encode(records).joined()
        func chunks() -> ByteChunks {
            ByteChunks(chunks: [[UInt8(ascii: "[")], Array(expected.dropFirst().dropLast()), [UInt8(ascii: "]")]])
        }
        var changes: [Bool] = []
        try store.transaction { transaction in
            let saver = RecordSaver(transaction: transaction)
            changes.append(try saver.save(canonicalArray: chunks(), to: .lookupHistory))
            changes.append(try saver.save(canonicalArray: chunks(), to: .lookupHistory))
        }
        #expect(changes == [true, false], "written into an absent key, then unchanged")
        #expect(try RecordLoader(try backend.reopen(store, in: folder)).load(.lookupHistory).records == records)

        let reopened = try backend.reopen(store, in: folder)
        let changed = try reopened.transaction { transaction in
            try RecordSaver(transaction: transaction).save(
                canonicalArray: ByteChunks(Array("[]".utf8)), to: .lookupHistory)
        }
        #expect(changed)
        #expect(try reopened.data(forKey: "lookupHistory") == Data("[]".utf8))
    }
}
