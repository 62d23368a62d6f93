import BackupFormat
import DataPortability
import DataStore
import DomainModel
import Foundation
import TestSupport
import Testing

/// A store backend set up in a test's own folder: in memory, or a file that is closed and
/// reopened between steps so tests see exactly what reached the disk.
enum StoreUnderTest: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case memory
    case sqlite
    case propertyList

    var testDescription: String { rawValue }

    /// The store file inside `folder` (unused in memory).
    func url(in folder: TemporaryDirectory) -> URL {
        switch self {
        case .memory: folder.file("unused")
        case .sqlite: folder.file("store.sqlite")
        case .propertyList: folder.file("store.plist")
        }
    }

    /// A new, empty store.
    func makeStore(in folder: TemporaryDirectory) throws -> any KeyValueStore {
        switch self {
        case .memory: InMemoryStore()
        case .sqlite: try SQLiteStore(url: url(in: folder), createIfMissing: true)
        case .propertyList: try PropertyListStore(url: url(in: folder), createIfMissing: true)
        }
    }

    /// Closes a file store (so SQLite checkpoints its WAL into the main file) and opens it again.
    func reopen(_ store: any KeyValueStore, in folder: TemporaryDirectory) throws -> any KeyValueStore {
        switch self {
        case .memory:
            return store
        case .sqlite:
            try (store as? SQLiteStore)?.close()
            return try SQLiteStore(url: url(in: folder), createIfMissing: false)
        case .propertyList:
            return try PropertyListStore(url: url(in: folder), createIfMissing: false)
        }
    }

    /// Closes a file store so its file is complete on disk.
    func close(_ store: any KeyValueStore) throws {
        try (store as? SQLiteStore)?.close()
    }

    /// A store holding the small sample, already closed and reopened.
    func sampledStore(in folder: TemporaryDirectory, seed: UInt64 = 42) throws -> any KeyValueStore {
        let store = try makeStore(in: folder)
        try SampleStoreGenerator(size: .small, seed: seed).write(into: store, replacingExisting: false)
        return try reopen(store, in: folder)
    }
}

/// Every key and value of a store, for before/after comparisons.
func snapshot(of store: any StoreReading) throws -> [String: StoreValue] {
    var values: [String: StoreValue] = [:]
    for key in try store.keys() { values[key] = try store.value(forKey: key) }
    return values
}

/// The blob stored under `key`.
func blob(_ key: StorageKey, in values: [StorageKey: StoreValue]) throws -> [UInt8] {
    guard case .data(let data)? = values[key] else {
        Issue.record("\(key.rawValue) holds no data")
        return []
    }
    return [UInt8](data)
}

/// Reads every section of a backup into memory, keyed by section, requiring each to be verified.
func verifiedSections(of url: URL) throws -> (manifest: BackupManifest, sections: [BackupSection: [UInt8]]) {
    let read = try verifiedEntries(of: url)
    return (read.manifest, read.sections)
}

/// Reads every entry of a backup into memory — the sections by section, the carried entries
/// by entry — requiring each to be verified, and the carried ones to come first.
func verifiedEntries(of url: URL) throws -> (
    manifest: BackupManifest, sections: [BackupSection: [UInt8]], carried: [CarriedEntry: [UInt8]]
) {
    let file = try BackupFile(path: url.path)
    let reader = try file.openArchive()
    var sections: [BackupSection: [UInt8]] = [:]
    var carried: [CarriedEntry: [UInt8]] = [:]
    while let payload = try reader.nextSection() {
        #expect(payload.verification == .verified, "\(payload.path)")
        let bytes = try #require(payload.bytes, "\(payload.path) was not handed out")
        if let entry = payload.carried {
            #expect(sections.isEmpty, "\(payload.path) comes after a section")
            carried[entry] = bytes
            continue
        }
        let section = try #require(payload.section, "\(payload.path) is no known section")
        sections[section] = bytes
    }
    #expect(reader.missingSections.isEmpty)
    return (reader.manifest, sections, carried)
}

/// The paths of the issues reported under `key` with `kind`, sorted.
func issuePaths(_ issues: [StoreIssue], key: StorageKey, kind: DecodingIssue.Kind) -> [String] {
    issues.filter { $0.key == key.rawValue && $0.issue.kind == kind }.map(\.issue.path).sorted()
}
