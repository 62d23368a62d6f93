import Foundation
import Glibc
import TestSupport
import Testing

@testable import DataStore

@Suite struct StoreOpenerTests {
    @Test func aMissingStoreIsNotFoundWhenItMustExist() throws {
        let folder = try TemporaryDirectory()
        let url = folder.url.appendingPathComponent("sub/store.sqlite")
        let error = #expect(throws: StoreError.notFound(path: url.path)) {
            try StoreOpener.open(at: url, mode: .mustExist)
        }
        #expect(error?.description.contains("--store") == true)
        #expect(try entries(of: folder.url) == [])
    }

    @Test func aMissingSQLiteStoreGetsPrivateFoldersAndAppearsAtItsFirstCommit() throws {
        let folder = try TemporaryDirectory()
        let url = folder.url.appendingPathComponent("data/domaindig/store.sqlite")
        let store = try StoreOpener.open(at: url, mode: .createIfMissing)
        let new = try #require(store as? NewSQLiteStore)
        #expect(store.location == url.path)
        #expect(try permissions(of: folder.url.appendingPathComponent("data")) == 0o700)
        #expect(try permissions(of: folder.url.appendingPathComponent("data/domaindig")) == 0o700)
        #expect(!FileManager.default.fileExists(atPath: url.path), "no store under the name before the commit")
        #expect(try permissions(of: new.temporaryURL) == 0o600)
        try store.set(.integer(3), forKey: "data.storeSchemaVersion")
        #expect(new.isPublished)
        #expect(try permissions(of: url) == 0o600)
        try store.close()
        #expect(try entries(of: url.deletingLastPathComponent()) == ["store.sqlite"], "the temporary file is gone")
        #expect(
            try SQLiteStore(url: url, createIfMissing: false).value(forKey: "data.storeSchemaVersion") == .integer(3))
    }

    /// The temporary database keeps its journal in memory, so the first commit (an import's
    /// whole backup) writes each page once, into the file, with no log beside it; the store
    /// it publishes is in WAL mode like any other.
    @Test func aNewSQLiteStoreWritesItsFirstCommitWithoutALogAndAppearsInWALMode() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("store.sqlite")
        let store = try NewSQLiteStore(url: url)
        let large = Data((0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        var besideTheCommit: [String] = []
        try store.inTransaction { transaction in
            try transaction.set(.data(large), forKey: "lookupHistory")
            besideTheCommit = try entries(of: folder.url)
            return .commit
        }
        #expect(besideTheCommit == [store.temporaryURL.lastPathComponent])
        try store.close()
        let header = try contents(of: url).prefix(20)
        #expect(header[18] == 2 && header[19] == 2, "read and write versions 2 mean WAL")
        let reopened = try SQLiteStore(url: url, createIfMissing: false)
        #expect(try reopened.value(forKey: "lookupHistory") == .data(large))
        #expect(try reopened.integrityCheck() == "ok")
        try reopened.close()
        #expect(try entries(of: folder.url) == ["store.sqlite"])
    }

    @Test func aMissingPlistStoreIsWrittenAtItsFirstCommitOnly() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("defaults.plist")
        let store = try StoreOpener.open(at: url, mode: .createIfMissing)
        #expect((store as? PropertyListStore)?.format == .binary)
        #expect(!FileManager.default.fileExists(atPath: url.path))
        // A first transaction that changes nothing still creates the store: it committed.
        try store.transaction { _ in }
        #expect(try contents(of: url).prefix(8) == Data("bplist00".utf8))
        #expect(try permissions(of: url) == 0o600)
    }

    @Test func existingFilesOpenWithTheBackendTheirContentShows() throws {
        let folder = try TemporaryDirectory()
        let sqlite = try folder.emptySQLiteStore("store")
        let plist = folder.file("settings")
        try writePropertyListWithPython("{'savedDomains': True}", to: plist)

        #expect(try StoreOpener.open(at: sqlite, mode: .mustExist) is SQLiteStore)
        let opened = try StoreOpener.open(at: plist, mode: .mustExist)
        #expect(opened is PropertyListStore)
        #expect(try opened.bool(forKey: "savedDomains") == true)
    }

    @Test func aPlistPathHoldingSQLiteIsAMismatchAndLeftAlone() throws {
        let folder = try TemporaryDirectory()
        let url = try folder.emptySQLiteStore("store.plist")
        let before = try contents(of: url)
        for mode in [StoreOpenMode.mustExist, .createIfMissing] {
            let error = #expect(
                throws: StoreError.backendMismatch(path: url.path, expected: .propertyList, found: .sqlite)
            ) {
                try StoreOpener.open(at: url, mode: mode)
            }
            #expect(error?.description.contains("holds an SQLite database") == true)
            #expect(error?.description.contains(".sqlite") == true)
        }
        #expect(try contents(of: url) == before)
    }

    @Test func anSQLitePathHoldingAPlistIsAMismatchAndLeftAlone() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("store.sqlite")
        try writePropertyListWithPython("{'a': 1}", to: url, binary: true)
        let before = try contents(of: url)
        let error = #expect(throws: StoreError.backendMismatch(path: url.path, expected: .sqlite, found: .propertyList))
        {
            try StoreOpener.open(at: url, mode: .createIfMissing)
        }
        #expect(error?.description.contains("named like an SQLite database but holds a property list") == true)
        #expect(try contents(of: url) == before)
    }

    @Test func unrecognisedContentIsNotAStoreAndLeftAlone() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("store.sqlite")
        try Data("id,name\n1,alice\n".utf8).write(to: url)
        let error = #expect(throws: StoreError.self) { try StoreOpener.open(at: url, mode: .createIfMissing) }
        guard case .notAStore(let path, _)? = error else {
            Issue.record("expected notAStore, got \(String(describing: error))")
            return
        }
        #expect(path == url.path)
        #expect(try contents(of: url) == Data("id,name\n1,alice\n".utf8))
    }

    @Test func aForeignSQLiteFileIsRefusedThroughTheOpener() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("photos.db")
        try executeSQLWithPython(["CREATE TABLE photos (id INTEGER PRIMARY KEY)"], at: url)
        let before = try contents(of: url)
        let error = #expect(throws: StoreError.self) { try StoreOpener.open(at: url, mode: .createIfMissing) }
        #expect(error?.description.contains("not a DomainDig store") == true)
        #expect(try contents(of: url) == before)
    }

    @Test func anEmptyFileIsNotAStoreUnlessCreating() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("store.sqlite")
        try Data().write(to: url)
        #expect(throws: StoreError.notAStore(path: url.path, reason: "the file is empty")) {
            try StoreOpener.open(at: url, mode: .mustExist)
        }
        // A file left empty (by an older build killed while creating it) becomes the store at its first commit.
        let store = try StoreOpener.open(at: url, mode: .createIfMissing)
        try store.set(.integer(1), forKey: "data.storeSchemaVersion")
        #expect(try SQLiteStore(url: url, createIfMissing: false).integrityCheck() == "ok")
    }

    @Test func aDirectoryIsNotAStore() throws {
        let folder = try TemporaryDirectory()
        #expect(throws: StoreError.notAStore(path: folder.url.standardizedFileURL.path, reason: "it is a directory")) {
            try StoreOpener.open(at: folder.url, mode: .createIfMissing)
        }
    }
}

/// Foreign property lists (issue 15.6) and new SQLite stores built under a temporary name
/// (issue 16.4), at the opener.
extension StoreOpenerTests {
    @Test(arguments: [StoreOpenMode.mustExist, .createIfMissing])
    func aPropertyListWithoutAnyDomainDigKeyIsRefusedUnchanged(mode: StoreOpenMode) throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("other.plist")
        try writePropertyListWithPython("{'NSWindow Frame': 'x', 'Volume': 3}", to: url)
        chmod(url.path, 0o644)
        let before = try contents(of: url)
        let reason =
            "it is a property list of another program: none of its 2 keys (\"NSWindow Frame\", \"Volume\") is a DomainDig key"
        #expect(throws: StoreError.notAStore(path: url.path, reason: reason)) {
            try StoreOpener.open(at: url, mode: mode)
        }
        #expect(throws: StoreError.notAStore(path: url.path, reason: reason)) {
            try StoreOpener.openForReading(at: url)
        }
        #expect(try contents(of: url) == before)
        #expect(try permissions(of: url) == 0o644)
    }

    @Test func aNewSQLiteStoreThatNeverCommitsLeavesNothing() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("store.sqlite")
        do {
            let store = try StoreOpener.open(at: url, mode: .createIfMissing)
            struct Refused: Error {}
            #expect(throws: Refused.self) {
                try store.transaction { transaction in
                    try transaction.set(.integer(1), forKey: "data.storeSchemaVersion")
                    throw Refused()
                }
            }
            #expect(try entries(of: folder.url).count == 1, "the temporary database alone: its journal is in memory")
        }
        #expect(try entries(of: folder.url) == [], "dropped unpublished, the store's temporary files go")
    }

    @Test func errorsOfTheStoreBeingBuiltNameTheStoreNotItsTemporaryFile() throws {
        let error = StoreError.io(.noSpace(path: "/data/.s.sqlite.tmp-0123456789abcdef", message: "No space"))
            .replacingPath("/data/.s.sqlite.tmp-0123456789abcdef", with: "/data/s.sqlite")
        #expect(error == .io(.noSpace(path: "/data/s.sqlite", message: "No space")))
    }
}
