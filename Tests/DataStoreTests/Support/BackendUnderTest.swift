import DataStore
import Foundation
import TestSupport
import Testing

/// One of the store backends, set up in a test's own folder, for contract tests that run
/// against each.
enum BackendUnderTest: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite
    case xmlPropertyList
    case binaryPropertyList
    case memory

    var testDescription: String { rawValue }

    /// Whether reopening reads the values back from a file.
    var isOnDisk: Bool { self != .memory }

    /// Whether dates keep fractions of a second (XML property lists keep whole seconds).
    var keepsSubsecondDates: Bool { self != .xmlPropertyList }

    /// The store file inside `folder`.
    func url(in folder: TemporaryDirectory) -> URL {
        switch self {
        case .sqlite: folder.file("store.sqlite")
        case .xmlPropertyList: folder.file("xml.plist")
        case .binaryPropertyList: folder.file("binary.plist")
        case .memory: folder.file("unused")
        }
    }

    /// A new, empty store.
    func makeStore(in folder: TemporaryDirectory) throws -> any KeyValueStore {
        switch self {
        case .sqlite:
            return try SQLiteStore(url: url(in: folder), createIfMissing: true)
        case .xmlPropertyList:
            // UserDefaults exported with `defaults export` is XML: start from such a file.
            let empty = try PropertyListSerialization.data(fromPropertyList: [String: Any](), format: .xml, options: 0)
            try empty.write(to: url(in: folder))
            return try PropertyListStore(url: url(in: folder), createIfMissing: false)
        case .binaryPropertyList:
            return try PropertyListStore(url: url(in: folder), createIfMissing: true)
        case .memory:
            return InMemoryStore()
        }
    }

    /// The same store, read back from its file (the memory store is returned as it is).
    func reopen(_ store: any KeyValueStore, in folder: TemporaryDirectory) throws -> any KeyValueStore {
        switch self {
        case .sqlite:
            try (store as? SQLiteStore)?.close()
            return try SQLiteStore(url: url(in: folder), createIfMissing: false)
        case .xmlPropertyList, .binaryPropertyList:
            return try PropertyListStore(url: url(in: folder), createIfMissing: false)
        case .memory:
            return store
        }
    }
}
