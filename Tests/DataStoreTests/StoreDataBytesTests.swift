import DataStore
import Foundation
import TestSupport
import Testing

/// `dataBytes(forKey:)`, which the loaders read JSON blobs through: the bytes of a data value
/// and nothing else, the same from every backend and from a transaction as from the store,
/// SQLite's large values read from their BLOB straight into the array.
@Suite struct StoreDataBytesTests {
    static let large = Data((0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 37) }) // read incrementally by SQLite

    @Test(arguments: BackendUnderTest.allCases)
    func readsDataValuesOnly(backend: BackendUnderTest) throws {
        let folder = try TemporaryDirectory()
        let store = try backend.makeStore(in: folder)
        try store.transaction { transaction in
            try transaction.set(.data(Data("[1,2,3]".utf8)), forKey: "small")
            try transaction.set(.data(Self.large), forKey: "large")
            try transaction.set(.data(Data()), forKey: "empty")
            try transaction.set(.string("[1]"), forKey: "text")
            try transaction.set(.integer(42), forKey: "number")
            try transaction.set(.array([.string("a")]), forKey: "list")
            // A transaction reads its own writes.
            #expect(try transaction.dataBytes(forKey: "large") == Array(Self.large))
        }
        let reopened = try backend.reopen(store, in: folder)
        #expect(try reopened.dataBytes(forKey: "small") == Array("[1,2,3]".utf8))
        #expect(try reopened.dataBytes(forKey: "large") == Array(Self.large))
        #expect(try reopened.dataBytes(forKey: "empty") == [])
        for key in ["text", "number", "list", "absent"] {
            #expect(try reopened.dataBytes(forKey: key) == nil, "\(key)")
        }
        try reopened.transaction { transaction throws in
            #expect(try transaction.dataBytes(forKey: "large") == Array(Self.large))
            #expect(try transaction.dataBytes(forKey: "text") == nil)
        }
    }

    /// At and below the size from which SQLite reads a value incrementally, and a large value
    /// of another kind stored as a BLOB (an array), which is not data.
    @Test func sqliteAgreesWithReadingTheValue() throws {
        let folder = try TemporaryDirectory()
        let store = try SQLiteStore(url: folder.file("store.sqlite"), createIfMissing: true)
        try store.set(.data(Data(repeating: 7, count: 1 << 20)), forKey: "threshold")
        try store.set(.data(Data(repeating: 7, count: (1 << 20) - 1)), forKey: "below")
        try store.set(.array((0..<200_000).map { .integer($0) }), forKey: "large array")
        for key in ["threshold", "below"] {
            guard case .data(let data)? = try store.value(forKey: key) else {
                Issue.record("\(key) holds no data")
                continue
            }
            #expect(try store.dataBytes(forKey: key) == Array(data), "\(key)")
        }
        #expect(try store.byteCount(forKey: "large array") == 0)
        #expect(try store.dataBytes(forKey: "large array") == nil)
    }
}
