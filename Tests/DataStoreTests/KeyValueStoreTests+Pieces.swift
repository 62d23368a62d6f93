import DataStore
import DomainModel
import Foundation
import TestSupport
import Testing

/// `StoreTransaction.setData(_:forKey:)`: every backend stores the chunks concatenated, small
/// or large (SQLite writes a large value chunk by chunk into its row), and a transaction
/// that throws afterwards leaves the old value.
extension KeyValueStoreTests {
    @Test(arguments: BackendUnderTest.allCases, [0, 17, 3 << 20])
    func dataGivenInPiecesIsStoredConcatenated(backend: BackendUnderTest, count: Int) throws {
        let folder = try TemporaryDirectory()
        let store = try backend.makeStore(in: folder)
        try store.set(.string("kept"), forKey: "other")
        let given = RandomPieces.make(count: count, seed: UInt64(count + 1))
        let expected = Data(given.joined())
        try store.transaction { transaction in
            try transaction.set(.data(Data("old".utf8)), forKey: "lookupHistory")
            try transaction.setData(ByteChunks(chunks: given), forKey: "lookupHistory")
            #expect(try transaction.value(forKey: "lookupHistory") == .data(expected), "the transaction sees its write")
        }
        let reopened = try backend.reopen(store, in: folder)
        #expect(try reopened.data(forKey: "lookupHistory") == expected)
        #expect(try reopened.value(forKey: "other") == .string("kept"))
    }

    @Test(arguments: BackendUnderTest.allCases)
    func piecesWrittenInAThrowingTransactionChangeNothing(backend: BackendUnderTest) throws {
        let folder = try TemporaryDirectory()
        let store = try backend.makeStore(in: folder)
        try store.set(.data(Data("before".utf8)), forKey: "lookupHistory")
        let pieces = RandomPieces.make(count: 3 << 20, seed: 9)
        #expect(throws: Abort.self) {
            try store.transaction { transaction in
                try transaction.setData(ByteChunks(chunks: pieces), forKey: "lookupHistory")
                try transaction.setData(ByteChunks(chunks: pieces), forKey: "monitoring.logs")
                throw Abort()
            }
        }
        try expectUnchanged(store)
        try expectUnchanged(try backend.reopen(store, in: folder))

        func expectUnchanged(_ candidate: any KeyValueStore) throws {
            #expect(try candidate.keys() == ["lookupHistory"])
            #expect(try candidate.data(forKey: "lookupHistory") == Data("before".utf8))
        }
    }
}
