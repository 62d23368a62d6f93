import DataStore
import Foundation
import TestSupport

/// A store under `Tests/Fixtures/Stores/` and the store it should become
/// (`<name>.expected.json`, written by `Tests/Fixtures/generate-fixtures.py`).
struct StoreFixture: Sendable, CustomStringConvertible {
    /// The fixture's name: `v0`, `v0-marker`, `newer`…
    let name: String

    /// Every store fixture.
    static let all = ["v0", "v0-marker", "v1", "v2", "v3", "empty", "newer"].map(StoreFixture.init)
    /// The fixtures this build migrates (all but the one from a newer build).
    static let migratable = all.filter { $0.name != "newer" }
    static let newer = StoreFixture(name: "newer")

    var description: String { name }
    var url: URL { Fixtures.url("Stores/\(name).plist") }
    var expectedURL: URL { Fixtures.url("Stores/\(name).expected.json") }

    /// What `<name>.expected.json` says.
    struct Expectation {
        /// Every key but the journal: blobs parsed, other values as themselves.
        var store: [String: StrictJSON]
        /// The `step` of each journal entry, in order.
        var journalSteps: [Int]
        /// The error `migrateIfNeeded` throws, if any (`storeIsNewer`).
        var error: String?
    }

    func expectation() throws -> Expectation {
        let json = try StrictJSON(contentsOf: expectedURL)
        guard let store = json["store"]?.objectFields, let steps = json["journalSteps"]?.arrayElements else {
            throw FixtureError(
                "\(expectedURL.path) needs \"store\" and \"journalSteps\"; regenerate it with generate-fixtures.py")
        }
        return Expectation(
            store: store, journalSteps: steps.compactMap(\.integerValue), error: json["error"]?.stringValue)
    }

    /// Copies the fixture into `folder` (tests never touch the original).
    func copy(into folder: TemporaryDirectory, as fileName: String? = nil) throws -> URL {
        let destination = folder.file(fileName ?? "\(name).plist")
        try FileManager.default.copyItem(at: url, to: destination)
        return destination
    }

    /// A copy of the fixture in an SQLite store: the same keys and values, another backend.
    func sqliteCopy(into folder: TemporaryDirectory) throws -> SQLiteStore {
        let source = try PropertyListStore(url: url, createIfMissing: false)
        let store = try SQLiteStore(url: folder.file("\(name).sqlite"), createIfMissing: true)
        try store.transaction { transaction in
            for key in try source.keys() {
                if let value = try source.value(forKey: key) { try transaction.set(value, forKey: key) }
            }
        }
        return store
    }
}

/// A fixture file that cannot be used as it is.
struct FixtureError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A store's contents in the form the expected fixtures use.
enum StoreContents {
    /// Every key except `data.migrationJournal`: data parsed as JSON, strings, integers and
    /// Booleans as themselves; the rest as generate-fixtures.py writes them — `{"$base64": …}`
    /// for data that is not JSON, `{"$double": n}`, `{"$date": seconds since 2001}`,
    /// `{"$array": […]}`, `{"$dictionary": {…}}`.
    static func of(_ store: any StoreReading) throws -> [String: StrictJSON] {
        var contents: [String: StrictJSON] = [:]
        for key in try store.keys() where key != StorageKey.migrationJournal.rawValue {
            if let value = try store.value(forKey: key) { contents[key] = json(value, topLevel: true) }
        }
        return contents
    }

    static func json(_ value: StoreValue, topLevel: Bool = false) -> StrictJSON {
        switch value {
        case .data(let data):
            if topLevel, let parsed = try? StrictJSON(parsing: [UInt8](data)) { return parsed }
            return .object(["$base64": .string(data.base64EncodedString())])
        case .string(let text): return .string(text)
        case .integer(let number): return .integer(number)
        case .bool(let flag): return .bool(flag)
        case .double(let number): return .object(["$double": .number(number)])
        case .date(let date): return .object(["$date": .number(date.timeIntervalSinceReferenceDate)])
        case .array(let values): return .object(["$array": .array(values.map { json($0) })])
        case .dictionary(let values): return .object(["$dictionary": .object(values.mapValues { json($0) })])
        }
    }

    /// The first difference between a store's contents and what was expected, or nil.
    static func difference(expected: [String: StrictJSON], actual: [String: StrictJSON]) -> String? {
        StrictJSON.object(expected).firstDifference(from: .object(actual), at: "store")
    }
}
