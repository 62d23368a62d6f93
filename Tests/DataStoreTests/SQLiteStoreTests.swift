import CSQLite
import Foundation
import Glibc
import TestSupport
import Testing

@testable import DataStore

@Suite struct SQLiteStoreTests {
    struct Abort: Error {}

    /// A new store in `folder` that holds `values`, written in one transaction, and is closed.
    private func store(holding values: [String: StoreValue], in folder: TemporaryDirectory) throws -> URL {
        let url = folder.file("store.sqlite")
        let store = try SQLiteStore(url: url, createIfMissing: true)
        try store.transaction { transaction in
            for (key, value) in values { try transaction.set(value, forKey: key) }
        }
        try store.close()
        return url
    }

    @Test func aThrowingTransactionLeavesTheMainFileByteIdentical() throws {
        let folder = try TemporaryDirectory()
        let url = try store(holding: SampleValues.everyKind, in: folder)
        let before = try contents(of: url)
        let filesBefore = try entries(of: folder.url)

        do {
            let store = try SQLiteStore(url: url, createIfMissing: false)
            #expect(throws: Abort.self) {
                try store.transaction { transaction in
                    // Enough data that SQLite spills pages before the transaction ends.
                    try transaction.set(.data(Data(repeating: 0xAB, count: 8 << 20)), forKey: "lookupHistory")
                    try transaction.removeValue(forKey: "trackedDomains")
                    try transaction.set(.integer(99), forKey: "data.storeSchemaVersion")
                    throw Abort()
                }
            }
            try store.close()
        }
        #expect(try contents(of: url) == before)
        #expect(try entries(of: folder.url) == filesBefore)
    }

    @Test func theMainFileAloneHoldsCommittedDataOnceTheStoreIsReleased() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("store.sqlite")
        do {
            let store = try SQLiteStore(url: url, createIfMissing: true)
            try store.set(.data(Data("committed".utf8)), forKey: "trackedDomains")
        }
        // Copy only the main file: anything left in a -wal would be lost.
        let copy = try TemporaryDirectory()
        let copied = copy.file("copy.sqlite")
        try FileManager.default.copyItem(at: url, to: copied)
        let reopened = try SQLiteStore(url: copied, createIfMissing: false)
        #expect(try reopened.data(forKey: "trackedDomains") == Data("committed".utf8))
    }

    @Test func storeAndItsWriteAheadLogHaveMode0600() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("store.sqlite")
        let store = try SQLiteStore(url: url, createIfMissing: true)
        try store.set(.string("x"), forKey: "k")
        #expect(try permissions(of: url) == 0o600)
        for suffix in ["-wal", "-shm"] {
            #expect(try permissions(of: folder.file("store.sqlite" + suffix)) == 0o600, "\(suffix)")
        }
        try store.close()
    }

    @Test func headerCarriesTheApplicationIDLayoutVersionAndWAL() throws {
        let folder = try TemporaryDirectory()
        let url = try folder.emptySQLiteStore("store.sqlite")
        let header = try contents(of: url).prefix(100)
        func bigEndian(at offset: Int) -> UInt32 {
            header[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
        }
        #expect(bigEndian(at: 68) == 0x4444_6742)
        #expect(bigEndian(at: 60) == UInt32(SQLiteStore.layoutVersion))
        #expect(header[18] == 2 && header[19] == 2, "read and write versions 2 mean WAL")
        #expect(header[16] == 0 && header[17] == 1, "a page size of 1 means 65536")
    }

    /// A store made by an earlier build (or by the app) keeps its pages: only a database with
    /// none yet takes the larger size.
    @Test func anExistingStoreKeepsItsPageSize() throws {
        let folder = try TemporaryDirectory()
        let url = try database(
            "store.sqlite", in: folder,
            by: [
                "PRAGMA page_size = 4096",
                "PRAGMA application_id = \(SQLiteStore.applicationID)",
                "PRAGMA user_version = \(SQLiteStore.layoutVersion)",
                "CREATE TABLE entries (key TEXT PRIMARY KEY NOT NULL, kind TEXT NOT NULL, value BLOB)",
            ])
        let store = try SQLiteStore(url: url, createIfMissing: true)
        try store.set(
            .data(Data(repeating: 7, count: 3 * SQLiteStore.incrementalBlobThreshold)), forKey: "lookupHistory")
        try store.close()
        let header = try contents(of: url).prefix(100)
        #expect(header[16] == 0x10 && header[17] == 0x00, "4096")
        #expect(try SQLiteStore(url: url, createIfMissing: false).integrityCheck() == "ok")
    }

    @Test func integrityCheckIsOkAfterWrites() throws {
        let folder = try TemporaryDirectory()
        let store = try SQLiteStore(url: folder.file("store.sqlite"), createIfMissing: true)
        for round in 0..<3 {
            try store.transaction { transaction in
                for (key, value) in SampleValues.everyKind { try transaction.set(value, forKey: "\(key).\(round)") }
            }
        }
        try store.removeValue(forKey: "trackedDomains.1")
        #expect(try store.integrityCheck() == "ok")
    }

    @Test func largeBlobsRoundTrip() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("store.sqlite")
        var blob = Data(count: 48 << 20)
        blob.withUnsafeMutableBytes { bytes in
            for index in stride(from: 0, to: bytes.count, by: 4096) {
                bytes[index] = UInt8(truncatingIfNeeded: index >> 12)
            }
        }
        do {
            let store = try SQLiteStore(url: url, createIfMissing: true)
            try store.set(.data(blob), forKey: "lookupHistory")
        }
        let reopened = try SQLiteStore(url: url, createIfMissing: false)
        #expect(try reopened.data(forKey: "lookupHistory") == blob)
    }

    @Test func notANumberSurvivesAsNotANumber() throws {
        // SQLite stores NaN as NULL; the kind column says it was a double.
        let folder = try TemporaryDirectory()
        let store = try SQLiteStore(url: folder.file("store.sqlite"), createIfMissing: true)
        try store.set(.double(.nan), forKey: "nan")
        try store.set(.double(.infinity), forKey: "infinity")
        guard case .double(let nan)? = try store.value(forKey: "nan") else {
            Issue.record("NaN did not come back as a double")
            return
        }
        #expect(nan.isNaN)
        #expect(try store.value(forKey: "infinity") == .double(.infinity))
    }

    @Test func rowsAreReadableByAnIndependentSQLiteClient() throws {
        let folder = try TemporaryDirectory()
        let url = try store(
            holding: [
                "trackedDomains": .data(Data("[]".utf8)), "data.storeSchemaVersion": .integer(3),
                "data.migrations.v3_4_0": .bool(true), "displayDensity": .string("compact"),
            ],
            in: folder)
        let rows = try runPython(
            """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            print(db.execute("PRAGMA application_id").fetchone()[0])
            for row in db.execute("SELECT key, kind, typeof(value), value FROM entries ORDER BY key"):
                print(*row, sep="|")
            """, [url.path])
        #expect(
            rows == """
                \(SQLiteStore.applicationID)
                data.migrations.v3_4_0|bool|integer|1
                data.storeSchemaVersion|integer|integer|3
                displayDensity|string|text|compact
                trackedDomains|data|blob|b'[]'

                """)
    }

    @Test func aForeignDatabaseIsRefusedAndLeftByteIdentical() throws {
        let folder = try TemporaryDirectory()
        let url = try database(
            "other.sqlite", in: folder,
            by: [
                "PRAGMA application_id = 1234", "CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT)",
                "INSERT INTO users (name) VALUES ('alice')",
            ])
        let before = try contents(of: url)
        for create in [false, true] {
            let error = #expect(throws: StoreError.self) { try SQLiteStore(url: url, createIfMissing: create) }
            guard case .notAStore(let path, let reason)? = error else {
                Issue.record("expected notAStore, got \(String(describing: error))")
                continue
            }
            #expect(path == url.path)
            #expect(reason.contains("0x4D2"))
            #expect(reason.contains("users"))
            #expect(error?.description.contains("not a DomainDig store") == true)
        }
        #expect(try contents(of: url) == before)
        #expect(try entries(of: folder.url) == ["other.sqlite"])
    }

    /// Expects opening the database at `url` to throw `error`, leaving its file byte-identical.
    private func expectRefusedUnchanged(
        _ url: URL, createIfMissing: Bool, throws error: StoreError, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let before = try contents(of: url)
        #expect(throws: error, sourceLocation: sourceLocation) {
            try SQLiteStore(url: url, createIfMissing: createIfMissing)
        }
        #expect(try contents(of: url) == before, sourceLocation: sourceLocation)
    }

    /// A database Python's sqlite3 makes (or changes) with `statements` as `folder/name`.
    private func database(_ name: String, in folder: TemporaryDirectory, by statements: [String]) throws -> URL {
        let url = folder.file(name)
        try executeSQLWithPython(statements, at: url)
        return url
    }

    /// A new, empty store in `folder` that Python's sqlite3 then changes with `statements`.
    private func storeChangedBehindItsBack(in folder: TemporaryDirectory, by statements: [String]) throws -> URL {
        let url = try folder.emptySQLiteStore("store.sqlite")
        try executeSQLWithPython(statements, at: url)
        return url
    }

    @Test func aDatabaseWithoutApplicationIDButWithTablesIsRefused() throws {
        let folder = try TemporaryDirectory()
        let url = try database(
            "lookalike.sqlite", in: folder,
            by: ["CREATE TABLE entries (key TEXT PRIMARY KEY NOT NULL, kind TEXT NOT NULL, value BLOB)"])
        try expectRefusedUnchanged(
            url, createIfMissing: true,
            throws: .notAStore(
                path: url.path,
                reason:
                    "it is an SQLite database of another application (it has no application_id and it holds the tables entries)"
            ))
    }

    @Test func aStoreFromANewerLayoutIsRefusedUnchanged() throws {
        let folder = try TemporaryDirectory()
        let url = try storeChangedBehindItsBack(in: folder, by: ["PRAGMA user_version = 2"])
        try expectRefusedUnchanged(
            url, createIfMissing: false, throws: .newerLayout(path: url.path, found: 2, supported: 1))
    }

    @Test func aDamagedTableIsReportedAsCorrupt() throws {
        let folder = try TemporaryDirectory()
        let url = try storeChangedBehindItsBack(
            in: folder,
            by: [
                "INSERT INTO entries VALUES ('a', 'integer', 'not a number')",
                "INSERT INTO entries VALUES ('b', 'hologram', x'00')",
            ])
        let store = try SQLiteStore(url: url, createIfMissing: false)
        let wrongStorage = #expect(throws: StoreError.self) { try store.value(forKey: "a") }
        #expect(wrongStorage?.description.contains("stored as TEXT") == true)
        let unknownKind = #expect(throws: StoreError.self) { try store.value(forKey: "b") }
        #expect(unknownKind?.description.contains("hologram") == true)
    }

    @Test func closingTwiceIsHarmless() throws {
        let folder = try TemporaryDirectory()
        let store = try SQLiteStore(url: folder.file("store.sqlite"), createIfMissing: true)
        try store.close()
        try store.close()
        #expect(try entries(of: folder.url) == ["store.sqlite"])
    }
}

/// Values from `SQLiteStore.incrementalBlobThreshold` on are written into a zero-filled row and
/// read back through `SQLiteBlob`; smaller ones go through bound parameters and columns.
@Suite struct SQLiteStoreLargeValueTests {
    private static let threshold = SQLiteStore.incrementalBlobThreshold

    /// Bytes that never repeat within a value (each 4-byte word is its index, plus `seed`), so
    /// a chunk moved to the wrong offset, or another key's value, shows.
    private func bytes(_ count: Int, seed: UInt32) -> Data {
        let words = (0..<(count + 3) / 4).map { UInt32(truncatingIfNeeded: $0) &+ seed &* 0x0100_0000 }
        return words.withUnsafeBytes { Data($0.prefix(count)) }
    }

    /// Sizes either side of the threshold, and one over two of `SQLiteBlob`'s 8 MiB chunks.
    @Test(arguments: [threshold - 1, threshold, threshold + 1, 3 * threshold + 7, 9 * threshold + 5])
    func valuesAroundTheThresholdRoundTrip(count: Int) throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("store.sqlite")
        let value = bytes(count, seed: 1)
        let expected = folder.file("expected.bin")
        try value.write(to: expected)
        do {
            let store = try SQLiteStore(url: url, createIfMissing: true)
            try store.set(.data(value), forKey: "lookupHistory")
            #expect(try store.data(forKey: "lookupHistory") == value)
            #expect(try store.integrityCheck() == "ok")
        }
        let reopened = try SQLiteStore(url: url, createIfMissing: false)
        #expect(try reopened.data(forKey: "lookupHistory") == value)
        // What an independent client finds in the row.
        let seen = try runPython(
            """
            import sqlite3, sys
            row = sqlite3.connect(sys.argv[1]).execute("SELECT kind, value FROM entries WHERE key = 'lookupHistory'").fetchone()
            print(row[0], len(row[1]), row[1] == open(sys.argv[2], "rb").read())
            """, [url.path, expected.path])
        #expect(seen == "data \(count) True\n")
    }

    @Test func aLargeValueReplacesASmallOneAndBack() throws {
        let folder = try TemporaryDirectory()
        let store = try SQLiteStore(url: folder.file("store.sqlite"), createIfMissing: true)
        let small = bytes(100, seed: 2)
        let large = bytes(2 * Self.threshold + 3, seed: 3)
        try store.set(.data(small), forKey: "k")
        try store.set(.data(large), forKey: "k")
        #expect(try store.data(forKey: "k") == large)
        try store.set(.data(small), forKey: "k")
        #expect(try store.data(forKey: "k") == small)
        try store.set(.string("now text"), forKey: "k")
        #expect(try store.value(forKey: "k") == .string("now text"))
        #expect(try store.keys() == ["k"])
        #expect(try store.integrityCheck() == "ok")
    }

    /// The row a large value fills is found by its key: neither the first row nor the last
    /// one inserted, and every other key keeps its own value.
    @Test func aLargeValueUpdatesItsOwnRowAmongOthers() throws {
        let folder = try TemporaryDirectory()
        let store = try SQLiteStore(url: folder.file("store.sqlite"), createIfMissing: true)
        let keys = ["a", "b", "c", "d"]
        var expected: [String: Data] = [:]
        for (index, key) in keys.enumerated() {
            expected[key] = bytes(index.isMultiple(of: 2) ? 64 : Self.threshold + index, seed: UInt32(index))
            try store.set(.data(expected[key]!), forKey: key)
        }
        expected["b"] = bytes(2 * Self.threshold + 1, seed: 9)
        try store.set(.data(expected["b"]!), forKey: "b")
        expected["c"] = bytes(Self.threshold, seed: 10)
        try store.set(.data(expected["c"]!), forKey: "c")
        for key in keys { #expect(try store.data(forKey: key) == expected[key], "key \(key)") }
        #expect(try store.integrityCheck() == "ok")
    }

    /// The point of incremental I/O: SQLite never holds a large value whole. Its allocator's
    /// high-water mark (process-wide, so other tests' small stores count too) stays far below
    /// the value's size while it is written and read; binding it and reading it as a column
    /// would each take the whole 128 MiB. With the store's 64 KiB pages SQLite's own mark sits
    /// near 30 MB whatever the value's size (the same for 64 and 160 MiB values); the bound,
    /// below the value's size, leaves room for other tests' stores running at the same time
    /// (with a 64 MiB value and a 40 MiB bound, parallel suites once pushed the mark to 62 MB).
    @Test func aLargeValueIsNeverWholeInSQLitesMemory() throws {
        let folder = try TemporaryDirectory()
        let store = try SQLiteStore(url: folder.file("store.sqlite"), createIfMissing: true)
        let value = bytes(128 << 20, seed: 11)
        let before = sqlite3_memory_used()
        sqlite3_memory_highwater(1)
        try store.set(.data(value), forKey: "lookupHistory")
        let writing = sqlite3_memory_highwater(1) - before
        #expect(try store.data(forKey: "lookupHistory") == value)
        let reading = sqlite3_memory_highwater(1) - before
        #expect(writing < 96 << 20, "SQLite used \(writing) bytes writing a 128 MiB value")
        #expect(reading < 96 << 20, "SQLite used \(reading) bytes reading a 128 MiB value")
    }

    @Test func aLargeValueUnderAKindNotStoredAsABlobIsReportedAsCorrupt() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("store.sqlite")
        do {
            let store = try SQLiteStore(url: url, createIfMissing: true)
            try store.set(.data(bytes(Self.threshold + 1, seed: 12)), forKey: "displayDensity")
        }
        do {
            let database = try SQLiteDatabase(path: url.path, flags: SQLITE_OPEN_READWRITE)
            try database.execute("UPDATE entries SET kind = 'string' WHERE key = 'displayDensity'")
        }
        let store = try SQLiteStore(url: url, createIfMissing: false)
        let error = #expect(throws: StoreError.self) { try store.value(forKey: "displayDensity") }
        guard case .corrupt(_, let reason)? = error else {
            Issue.record("expected corrupt, got \(String(describing: error))")
            return
        }
        #expect(reason == "the string value of the key displayDensity is stored as BLOB")
    }

    @Test func aLargePropertyListContainerRoundTrips() throws {
        let folder = try TemporaryDirectory()
        let store = try SQLiteStore(url: folder.file("store.sqlite"), createIfMissing: true)
        let strings = (0..<60_000).map { StoreValue.string("recent-search-\($0).example.com") }
        try store.set(.array(strings), forKey: "recentSearches")
        #expect(try store.value(forKey: "recentSearches") == .array(strings))
    }

    @Test func aRolledBackLargeWriteLeavesTheOldValue() throws {
        let folder = try TemporaryDirectory()
        let store = try SQLiteStore(url: folder.file("store.sqlite"), createIfMissing: true)
        let old = bytes(Self.threshold + 11, seed: 4)
        try store.set(.data(old), forKey: "lookupHistory")
        struct Abort: Error {}
        #expect(throws: Abort.self) {
            try store.transaction { transaction in
                try transaction.set(.data(bytes(2 * Self.threshold, seed: 5)), forKey: "lookupHistory")
                try transaction.set(.data(bytes(Self.threshold, seed: 6)), forKey: "monitoringLogs")
                throw Abort()
            }
        }
        #expect(try store.data(forKey: "lookupHistory") == old)
        #expect(try store.value(forKey: "monitoringLogs") == nil)
        #expect(try store.integrityCheck() == "ok")
    }
}
