import BackupFormat
import DataMigration
import DataPortability
import DataStore
import Foundation
import JSONCore
import TestSupport
import Testing

/// The two file formats a store is kept in, for tests that run on both.
enum StoreFile: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite
    case plist

    var testDescription: String { rawValue }

    /// `<stem>.sqlite` or `<stem>.plist`.
    func name(_ stem: String) -> String { "\(stem).\(rawValue)" }
}

/// Stores written from plain values, exported, imported and exported again: what the lossless
/// tests check end to end, through the real pipelines and the real store files.
struct LosslessHarness {
    let folder: TemporaryDirectory
    let file: StoreFile

    init(_ file: StoreFile) throws {
        folder = try TemporaryDirectory()
        self.file = file
    }

    /// Opens (creating it if needed) the store `stem` under its lock.
    func open(_ stem: String) throws -> LockedStore {
        try LockedStore.open(explicitPath: folder.file(file.name(stem)).path, mode: .createIfMissing)
    }

    /// A store `stem` holding exactly `values`.
    func store(_ stem: String, _ values: [String: StoreValue]) throws -> LockedStore {
        let store = try open(stem)
        try store.store.transaction { transaction in
            for (key, value) in values { try transaction.set(value, forKey: key) }
        }
        return store
    }

    /// Exports `store` to `<name>`.
    @discardableResult
    func export(_ store: LockedStore, to name: String) throws -> (url: URL, summary: BackupExporter.Summary) {
        let url = folder.file(name)
        let summary = try BackupExporter(clock: StoreClock(fixedAt: ImportFixtures.now)).export(
            from: store.store, to: .file(url), storeSchemaVersion: DataMigrationService.currentStoreSchemaVersion)
        return (url, summary)
    }

    /// Imports the backup at `url` into `store`, without a safety snapshot.
    @discardableResult
    func importBackup(_ url: URL, into store: LockedStore, mode: ImportMode = .merge) throws -> ImportSummary {
        try ImportFixtures.importer(mode, snapshot: false).run(backup: url.path, into: store)
    }

    /// Every key of `store` and its value.
    func values(of store: LockedStore) throws -> [String: StoreValue] {
        try snapshot(of: store.store)
    }

    /// The values of a store made of `values` after export → import into a new store; and the
    /// entries of both exports, which must agree.
    func roundTrip(_ values: [String: StoreValue]) throws -> (
        imported: [String: StoreValue], first: BackupEntries, second: BackupEntries
    ) {
        let source = try store("source-\(UUID().uuidString)", values)
        let first = try export(source, to: "first-\(UUID().uuidString).ddbackup")
        let target = try open("target-\(UUID().uuidString)")
        try importBackup(first.url, into: target)
        let second = try export(target, to: "second-\(UUID().uuidString).ddbackup")
        return (try self.values(of: target), try BackupEntries(first.url), try BackupEntries(second.url))
    }
}

/// A backup's entries read back and checked: its sections, its carried contents, its manifest.
struct BackupEntries {
    var manifest: BackupManifest
    var sections: [BackupSection: [UInt8]]
    var carried: CarriedContents

    init(_ url: URL) throws {
        let read = try verifiedEntries(of: url)
        manifest = read.manifest
        sections = read.sections
        carried = CarriedContents()
        for (entry, bytes) in read.carried {
            let document = try JSONDocument(parsing: bytes)
            for element in document.root.elements {
                switch entry {
                case .storeKeys: carried.storeKeys.append(try CarriedStoreKey(json: element))
                case .unreadableRecords: carried.unreadableRecords.append(try CarriedUnreadableRecord(json: element))
                }
            }
        }
    }

    /// What is carried, regardless of where in the store it was (positions change once a
    /// store's duplicates are merged): sections, keys and values.
    var carriedContent: [String] {
        carried.unreadableRecords.map { "\($0.section.rawValue) \($0.storeKey) \($0.isWholeValue) \($0.value)" }
            + carried.storeKeys.map { "key \($0.key) \($0.value)" }
    }
}

/// JSON text built for a test: objects keep their fields in the order given, and `raw` text
/// goes in verbatim, so a test can plant exact bytes and find them again.
indirect enum JSONText: Sendable {
    case raw(String)
    case object([(String, JSONText)])
    case array([JSONText])

    var text: String {
        switch self {
        case .raw(let text): text
        case .object(let fields): "{" + fields.map { "\"\($0.0)\":\($0.1.text)" }.joined(separator: ",") + "}"
        case .array(let elements): "[" + elements.map(\.text).joined(separator: ",") + "]"
        }
    }

    /// A JSON string literal.
    static func string(_ value: String) -> JSONText { .raw("\"\(value)\"") }

    /// This value with `field` added to every object at `steps` (`nil` names every element).
    func adding(_ field: String, _ value: JSONText, at steps: ArraySlice<String?>) -> JSONText {
        guard let step = steps.first else {
            guard case .object(let fields) = self else { return self }
            return .object(fields + [(field, value)])
        }
        let rest = steps.dropFirst()
        switch (self, step) {
        case (.array(let elements), nil):
            return .array(elements.map { $0.adding(field, value, at: rest) })
        case (.object(let fields), let name?):
            return .object(fields.map { $0.0 == name ? ($0.0, $0.1.adding(field, value, at: rest)) : $0 })
        default:
            return self
        }
    }
}

extension JSONValue {
    /// The values at `steps` from this one (`nil` names every element of an array).
    func values(at steps: ArraySlice<String?>) -> [JSONValue] {
        guard let step = steps.first else { return [self] }
        let rest = steps.dropFirst()
        if let name = step { return self[name].map { $0.values(at: rest) } ?? [] }
        return elements.flatMap { $0.values(at: rest) }
    }

    /// The value's text as written.
    var text: String {
        String(decoding: document.source[sourceRange], as: UTF8.self)
    }
}
