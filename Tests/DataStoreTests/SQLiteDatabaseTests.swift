import CSQLite
import Foundation
import TestSupport
import Testing

@testable import DataStore

@Suite struct SQLiteDatabaseTests {
    func openScratchDatabase(in folder: TemporaryDirectory) throws -> SQLiteDatabase {
        try SQLiteDatabase(path: folder.file("scratch.sqlite").path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
    }

    @Test func errorsCarrySQLitesOwnMessageAndCode() throws {
        let folder = try TemporaryDirectory()
        let database = try openScratchDatabase(in: folder)
        let syntax = #expect(throws: StoreError.self) { try database.prepare("SELEC 1") }
        guard case .sqlite(let code, let message, let path)? = syntax else {
            Issue.record("expected an sqlite error, got \(String(describing: syntax))")
            return
        }
        #expect(code == SQLITE_ERROR)
        #expect(message.contains("syntax error"))
        #expect(path == folder.file("scratch.sqlite").path)

        try database.execute("CREATE TABLE t (x TEXT NOT NULL)")
        let constraint = #expect(throws: StoreError.self) { try database.execute("INSERT INTO t VALUES (NULL)") }
        guard case .sqlite(let extended, let constraintMessage, _)? = constraint else {
            Issue.record("expected an sqlite error, got \(String(describing: constraint))")
            return
        }
        #expect(extended == SQLITE_CONSTRAINT | (5 << 8), "extended result codes are on: SQLITE_CONSTRAINT_NOTNULL")
        #expect(constraintMessage.contains("NOT NULL constraint failed: t.x"))
    }

    @Test func openingAMissingFileWithoutCreateFails() throws {
        let folder = try TemporaryDirectory()
        let error = #expect(throws: StoreError.self) {
            try SQLiteDatabase(path: folder.file("absent.sqlite").path, flags: SQLITE_OPEN_READWRITE)
        }
        guard case .sqlite(let code, _, _)? = error else {
            Issue.record("expected an sqlite error, got \(String(describing: error))")
            return
        }
        #expect(code & 0xFF == SQLITE_CANTOPEN)
        #expect(error?.description.contains("Check that the file and its folder exist") == true)
    }

    @Test func aDamagedFileIsReportedAsCorrupt() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("damaged.sqlite")
        try (Data("SQLite format 3\u{0}".utf8) + Data(repeating: 0xEE, count: 4080)).write(to: url)
        let database = try SQLiteDatabase(path: url.path, flags: SQLITE_OPEN_READWRITE)
        let error = #expect(throws: StoreError.self) { try database.execute("SELECT count(*) FROM sqlite_schema") }
        guard case .corrupt(let path, _)? = error else {
            Issue.record("expected corrupt, got \(String(describing: error))")
            return
        }
        #expect(path == url.path)
    }

    @Test func statementsBindAndReadEveryStorageClass() throws {
        let folder = try TemporaryDirectory()
        let database = try openScratchDatabase(in: folder)
        try database.execute("CREATE TABLE t (a, b, c, d, e)")
        let blob = Data([0, 1, 2, 255])
        let insert = try database.prepare("INSERT INTO t VALUES (?1, ?2, ?3, ?4, NULL)")
        try blob.withUnsafeBytes { bytes in
            try insert.use { statement throws in
                try statement.bind("nul\u{0}inside", at: 1)
                try statement.bind(Int64.min, at: 2)
                try statement.bind(2.5, at: 3)
                try statement.bindBlobWithoutCopy(bytes, at: 4)
                #expect(try statement.step() == false)
            }
        }
        let select = try database.prepare("SELECT a, b, c, d, e FROM t")
        try select.use { statement throws in
            #expect(try statement.step())
            #expect(statement.text(at: 0) == "nul\u{0}inside")
            #expect(statement.int64(at: 1) == Int64.min)
            #expect(statement.double(at: 2) == 2.5)
            #expect(statement.blob(at: 3) == blob)
            #expect(statement.columnType(at: 4) == SQLITE_NULL)
            #expect(try statement.step() == false)
        }
    }

    @Test func emptyBlobsStayBlobsNotNull() throws {
        let folder = try TemporaryDirectory()
        let database = try openScratchDatabase(in: folder)
        let select = try database.prepare("SELECT typeof(?1), length(?1)")
        try Data().withUnsafeBytes { bytes in
            try select.use { statement throws in
                try statement.bindBlobWithoutCopy(bytes, at: 1)
                #expect(try statement.step())
                #expect(statement.text(at: 0) == "blob")
                #expect(statement.int64(at: 1) == 0)
            }
        }
    }

    @Test func closeRefusesWhileAStatementIsAlive() throws {
        let folder = try TemporaryDirectory()
        let database = try openScratchDatabase(in: folder)
        do {
            let statement = try database.prepare("SELECT 1")
            let error = withExtendedLifetime(statement) {
                #expect(throws: StoreError.self) { try database.close() }
            }
            #expect(error?.description.contains("unfinalized statements") == true)
        }
        try database.close()
    }
}
