import Foundation
import TestSupport
import Testing

@testable import DataStore

@Suite struct StoreBackendTests {
    @Test func detectsBackendsByTheirMagicBytesNotTheirNames() throws {
        let folder = try TemporaryDirectory()
        let sqlite = try folder.emptySQLiteStore("named-like.plist")
        let binary = folder.file("named-like.sqlite")
        try writePropertyListWithPython("{'a': 1}", to: binary, binary: true)
        let xml = folder.file("no-extension")
        try writePropertyListWithPython("{'a': 1}", to: xml)

        #expect(try StoreBackend.detectContents(at: sqlite) == .recognized(.sqlite))
        #expect(try StoreBackend.detectContents(at: binary) == .recognized(.propertyList))
        #expect(try StoreBackend.detectContents(at: xml) == .recognized(.propertyList))
    }

    @Test func recognisesXMLWithAByteOrderMarkAndLeadingSpace() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("defaults")
        try Data("\u{FEFF}\n  <?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict/></plist>".utf8).write(to: url)
        #expect(try StoreBackend.detectContents(at: url) == .recognized(.propertyList))
    }

    @Test func reportsMissingEmptyAndUnrecognisedPaths() throws {
        let folder = try TemporaryDirectory()
        #expect(try StoreBackend.detectContents(at: folder.file("absent")) == .missing)

        let empty = folder.file("empty.sqlite")
        try Data().write(to: empty)
        #expect(try StoreBackend.detectContents(at: empty) == .empty)

        let cases: [(name: String, content: String, reason: String)] = [
            ("notes.txt", "just some text", "neither an SQLite database nor a property list"),
            ("page.plist", "<html><body>not a plist</body></html>", "not a property list"),
            ("future.plist", "bplist15 newer binary format", "version UserDefaults does not write"),
        ]
        for item in cases {
            let url = folder.file(item.name)
            try Data(item.content.utf8).write(to: url)
            guard case .unrecognized(let reason) = try StoreBackend.detectContents(at: url) else {
                Issue.record("\(item.name) was not reported as unrecognized")
                continue
            }
            #expect(reason.contains(item.reason), "\(item.name): \(reason)")
        }
        #expect(try StoreBackend.detectContents(at: folder.url) == .unrecognized(reason: "it is a directory"))
    }

    @Test(arguments: StoreBackend.allCases)
    func aMissingFileIsNotCreatedUnlessAsked(backend: StoreBackend) throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("absent.\(backend.preferredPathExtension)")
        #expect(throws: StoreError.notFound(path: url.path)) {
            switch backend {
            case .sqlite: _ = try SQLiteStore(url: url, createIfMissing: false)
            case .propertyList: _ = try PropertyListStore(url: url, createIfMissing: false)
            }
        }
        #expect(try entries(of: folder.url) == [])
    }

    @Test(arguments: [
        ("store.plist", StoreBackend.propertyList), ("Store.PLIST", .propertyList),
        ("store.sqlite", .sqlite), ("store.sqlite3", .sqlite), ("store.db", .sqlite),
    ])
    func extensionsPromiseABackend(name: String, backend: StoreBackend) {
        #expect(StoreBackend.promised(byExtensionOf: URL(fileURLWithPath: "/x/\(name)")) == backend)
        #expect(StoreBackend.forNewStore(at: URL(fileURLWithPath: "/x/\(name)")) == backend)
    }

    @Test func otherNamesPromiseNothingAndNewStoresDefaultToSQLite() {
        for name in ["store", "store.json", "backup.tar.zst"] {
            let url = URL(fileURLWithPath: "/x/\(name)")
            #expect(StoreBackend.promised(byExtensionOf: url) == nil)
            #expect(StoreBackend.forNewStore(at: url) == .sqlite)
        }
    }
}
