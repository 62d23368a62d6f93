import Foundation
import Glibc
import TestSupport
import Testing

@testable import DataStore

@Suite struct PropertyListStoreTests {
    struct Abort: Error {}

    /// A device's UserDefaults as plistlib writes it, in the format named by argv[2].
    static let deviceDefaultsScript = """
        import datetime, plistlib, sys
        values = {
            "trackedDomains": b'[{"domain":"example.com"}]',
            "data.storeSchemaVersion": 3,
            "data.migrations.v3_4_0": True,
            "monitoring.enabled": False,
            "one": 1,
            "zero": 0,
            "resolverURL": "https://dns.example/dns-query",
            "ratio": 0.5,
            "whole": 2.0,
            "installedAt": datetime.datetime(2024, 5, 6, 7, 8, 9),
            "recentSearches": ["example.com", "example.org"],
            "settings": {"density": "compact", "flags": [True, 0]},
        }
        fmt = plistlib.FMT_BINARY if sys.argv[2] == "binary" else plistlib.FMT_XML
        with open(sys.argv[1], "wb") as f:
            plistlib.dump(values, f, fmt=fmt)
        """

    static let deviceDefaults: [String: StoreValue] = [
        "trackedDomains": .data(Data(#"[{"domain":"example.com"}]"#.utf8)),
        "data.storeSchemaVersion": .integer(3),
        "data.migrations.v3_4_0": .bool(true),
        "monitoring.enabled": .bool(false),
        "one": .integer(1),
        "zero": .integer(0),
        "resolverURL": .string("https://dns.example/dns-query"),
        "ratio": .double(0.5),
        "whole": .double(2.0),
        "installedAt": .date(ISO8601DateFormatter().date(from: "2024-05-06T07:08:09Z")!),
        "recentSearches": .array([.string("example.com"), .string("example.org")]),
        "settings": .dictionary(["density": .string("compact"), "flags": .array([.bool(true), .integer(0)])]),
    ]

    /// The device's defaults as plistlib writes them in `format` ("binary" or "xml") to `url`, opened.
    private func deviceDefaultsStore(at url: URL, format: String) throws -> PropertyListStore {
        _ = try runPython(Self.deviceDefaultsScript, [url.path, format])
        return try PropertyListStore(url: url, createIfMissing: false)
    }

    @Test(arguments: ["binary", "xml"])
    func readsPropertyListsWrittenByPlistlib(format: String) throws {
        let folder = try TemporaryDirectory()
        let store = try deviceDefaultsStore(at: folder.file("group.com.domaindig.plist"), format: format)
        #expect(store.format == (format == "binary" ? .binary : .xml))
        #expect(try store.keys() == Self.deviceDefaults.keys.sorted())
        for (key, value) in Self.deviceDefaults {
            #expect(try store.value(forKey: key) == value, "key \(key)")
        }
    }

    @Test(arguments: ["binary", "xml"])
    func writesBackInTheFormatItReadAndPlistlibAgreesOnTypes(format: String) throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("defaults.plist")
        let store = try deviceDefaultsStore(at: url, format: format)
        try store.transaction { transaction in
            try transaction.set(.data(Data(#"{"new":true}"#.utf8)), forKey: "domainAudits")
            try transaction.set(.integer(4), forKey: "data.storeSchemaVersion")
            try transaction.removeValue(forKey: "one")
        }
        let magic = try contents(of: url).prefix(8)
        #expect(magic.starts(with: Data((format == "binary" ? "bplist00" : "<?xml").utf8)))
        let types = try runPythonJSON(Self.describeTypesScript, [url.path]) as? [String: String]
        #expect(
            types == [
                "trackedDomains": "bytes", "domainAudits": "bytes",
                "data.storeSchemaVersion": "int", "zero": "int",
                "data.migrations.v3_4_0": "bool", "monitoring.enabled": "bool",
                "resolverURL": "str", "ratio": "float", "whole": "float", "installedAt": "datetime",
                "recentSearches": "list", "settings": "dict",
            ])
        let values =
            try runPythonJSON(
                """
                import json, plistlib, sys
                d = plistlib.load(open(sys.argv[1], "rb"))
                print(json.dumps([d["domainAudits"].decode(), d["data.storeSchemaVersion"], d["settings"]["flags"]]))
                """, [url.path]) as? [Any]
        #expect(values?[0] as? String == #"{"new":true}"#)
        #expect(values?[1] as? Int == 4)
        #expect((values?[2] as? [Any])?.count == 2)
    }

    @Test func newFilesAreBinaryWithMode0600AndPlistlibReadsEveryKind() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("new.plist")
        let store = try PropertyListStore(url: url, createIfMissing: true)
        #expect(store.format == .binary)
        try store.transaction { transaction in
            for (key, value) in SampleValues.everyKind { try transaction.set(value, forKey: key) }
        }
        #expect(try contents(of: url).prefix(8) == Data("bplist00".utf8))
        #expect(try permissions(of: url) == 0o600)
        let types = try runPythonJSON(Self.describeTypesScript, [url.path]) as? [String: String]
        #expect(types?["trackedDomains"] == "bytes")
        #expect(types?["emptyBlob"] == "bytes")
        #expect(types?["data.storeSchemaVersion"] == "int")
        #expect(types?["zero"] == "int")
        #expect(types?["one"] == "int")
        #expect(types?["data.migrations.v3_4_0"] == "bool")
        #expect(types?["disabled"] == "bool")
        #expect(types?["resolverURL"] == "str")
        #expect(types?["wholeDouble"] == "float")
        #expect(types?["createdAt"] == "datetime")
        #expect(types?["recentSearches"] == "list")
        #expect(types?["monitoring.settings"] == "dict")
    }

    @Test(arguments: ["binary", "xml"])
    func aThrowingTransactionLeavesTheFileUntouched(format: String) throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("defaults.plist")
        _ = try runPython(Self.deviceDefaultsScript, [url.path, format])
        let before = try contents(of: url)
        let store = try PropertyListStore(url: url, createIfMissing: false)
        #expect(throws: Abort.self) {
            try store.transaction { transaction in
                try transaction.set(.data(Data("replaced".utf8)), forKey: "trackedDomains")
                try transaction.removeValue(forKey: "data.storeSchemaVersion")
                throw Abort()
            }
        }
        #expect(try contents(of: url) == before)
        #expect(try entries(of: folder.url) == ["defaults.plist"])
        #expect(try store.integer(forKey: "data.storeSchemaVersion") == 3)
    }

    @Test func aReadOnlyTransactionDoesNotRewriteTheFile() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("defaults.plist")
        _ = try runPython(Self.deviceDefaultsScript, [url.path, "xml"])
        chmod(url.path, 0o644)
        let store = try PropertyListStore(url: url, createIfMissing: false)
        let version = try store.transaction { try $0.integer(forKey: "data.storeSchemaVersion") }
        #expect(version == 3)
        #expect(try permissions(of: url) == 0o644, "an untouched file keeps its mode")
    }

    @Test func writesThroughASymbolicLinkToItsTarget() throws {
        let folder = try TemporaryDirectory()
        let target = folder.file("real.plist")
        let link = folder.file("link.plist")
        _ = try runPython(Self.deviceDefaultsScript, [target.path, "binary"])
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let store = try PropertyListStore(url: link, createIfMissing: false)
        try store.set(.integer(5), forKey: "data.storeSchemaVersion")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
        #expect(
            try PropertyListStore(url: target, createIfMissing: false).integer(forKey: "data.storeSchemaVersion") == 5)
    }

    @Test func unparsableContentIsAPropertyListError() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("broken.plist")
        try Data("bplist00 but then nothing sensible".utf8).write(to: url)
        let error = #expect(throws: StoreError.self) { try PropertyListStore(url: url, createIfMissing: false) }
        guard case .propertyList(_, let path)? = error else {
            Issue.record("expected a propertyList error, got \(String(describing: error))")
            return
        }
        #expect(path == url.path)
    }

    @Test func aTopLevelArrayIsNotAStore() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("list.plist")
        try writePropertyListWithPython("[1, 2]", to: url)
        let error = #expect(throws: StoreError.self) { try PropertyListStore(url: url, createIfMissing: false) }
        guard case .notAStore(_, let reason)? = error else {
            Issue.record("expected notAStore, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("not a dictionary"))
    }

    @Test func anIntegerBeyondSixtyFourBitsIsReportedWithItsKey() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("huge.plist")
        try writePropertyListWithPython(#"{"settings": {"counter": 2**64 - 1}}"#, to: url, binary: true)
        let error = #expect(throws: StoreError.self) { try PropertyListStore(url: url, createIfMissing: false) }
        #expect(error?.description.contains("settings.counter") == true)
    }

    /// Prints `{key: python type name}` for a property list's top level.
    static let describeTypesScript = """
        import json, plistlib, sys
        d = plistlib.load(open(sys.argv[1], "rb"))
        print(json.dumps({k: type(v).__name__ for k, v in d.items()}))
        """
}
