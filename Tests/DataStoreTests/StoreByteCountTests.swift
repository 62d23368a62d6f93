import DataStore
import Foundation
import TestSupport
import Testing

/// `byteCount(forKey:)`, which progress displays weigh an export by: the same answer from
/// every backend, SQLite's from the row header without reading the value.
@Suite struct StoreByteCountTests {
    @Test(arguments: BackendUnderTest.allCases)
    func measuresDataAndStringsAndNothingElse(backend: BackendUnderTest) throws {
        let folder = try TemporaryDirectory()
        let store = try backend.makeStore(in: folder)
        let large = Data((0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }) // read incrementally by SQLite
        try store.transaction { transaction in
            try transaction.set(.data(Data("[1,2,3]".utf8)), forKey: "small")
            try transaction.set(.data(large), forKey: "large")
            try transaction.set(.data(Data()), forKey: "empty")
            try transaction.set(.string("café ☕"), forKey: "text")
            try transaction.set(.integer(42), forKey: "number")
            try transaction.set(.bool(true), forKey: "flag")
            try transaction.set(.array([.string("a"), .string("b")]), forKey: "list")
        }
        let reopened = try backend.reopen(store, in: folder)
        #expect(try reopened.byteCount(forKey: "small") == 7)
        #expect(try reopened.byteCount(forKey: "large") == large.count)
        #expect(try reopened.byteCount(forKey: "empty") == 0)
        #expect(try reopened.byteCount(forKey: "text") == "café ☕".utf8.count)
        #expect(try reopened.byteCount(forKey: "number") == 0)
        #expect(try reopened.byteCount(forKey: "flag") == 0)
        #expect(try reopened.byteCount(forKey: "list") == 0)
        #expect(try reopened.byteCount(forKey: "absent") == nil)
    }

    @Test func sqliteAgreesWithReadingTheValue() throws {
        let folder = try TemporaryDirectory()
        let store = try SQLiteStore(url: folder.file("store.sqlite"), createIfMissing: true)
        try store.set(.data(Data(repeating: 7, count: 1 << 20)), forKey: "threshold")
        try store.set(.data(Data(repeating: 7, count: (1 << 20) - 1)), forKey: "below")
        for key in try store.keys() {
            guard case .data(let data)? = try store.value(forKey: key) else {
                Issue.record("\(key) holds no data")
                continue
            }
            #expect(try store.byteCount(forKey: key) == data.count, "\(key)")
        }
    }
}
