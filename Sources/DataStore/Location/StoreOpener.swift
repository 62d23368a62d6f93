import DomainModel
import DurableIO
import Foundation

/// Opens the store at a path with the right backend.
///
/// An existing file's backend is decided by its content (its magic bytes), never silently by
/// its name: a `.plist` path holding an SQLite database, or a `.sqlite` path holding a
/// property list, is refused with `StoreError.backendMismatch`. A new store's backend
/// follows the extension: `.plist` a property list, anything else SQLite.
///
///     let location = try StoreLocator().locate(explicitPath: storeOption)
///     let store = try StoreOpener.open(at: location.url, mode: .mustExist)
public enum StoreOpener {
    /// Opens (or creates) the store at `url`.
    /// - Parameters:
    ///   - url: the store file.
    ///   - mode: whether a missing store may be created.
    /// - Returns: an `SQLiteStore`, a `NewSQLiteStore` (a new one) or a `PropertyListStore`.
    /// - Throws: `StoreError.notFound` (missing, `.mustExist`); `.notAStore` (unrecognised or
    ///   foreign content, or an empty file with `.mustExist`); `.backendMismatch`;
    ///   `.newerLayout`; `.io` when folders or files cannot be created or read.
    public static func open(at url: URL, mode: StoreOpenMode) throws -> any KeyValueStore {
        let url = url.standardizedFileURL
        return switch try backend(at: url, mode: mode) {
        case (.sqlite, isNew: true): try NewSQLiteStore(url: url)
        case (.sqlite, isNew: false): try SQLiteStore(url: url, createIfMissing: false)
        case (.propertyList, let isNew): try openPropertyList(at: url, createIfMissing: isNew)
        }
    }

    /// Opens an existing store only to read it: nothing is written or created (see
    /// `StoreSnapshot`).
    /// - Parameter url: the store file.
    /// - Throws: `StoreError.notFound`; `.notAStore` (an empty file included);
    ///   `.backendMismatch`; `.newerLayout`; `.cannotReadWithoutWriting`; `.io`.
    public static func openForReading(at url: URL) throws -> StoreSnapshot {
        let url = url.standardizedFileURL
        return switch try backend(at: url, mode: .mustExist) {
        case (.sqlite, _): StoreSnapshot(sqlite: try SQLiteStore(readingOnly: url))
        case (.propertyList, _): StoreSnapshot(propertyList: try openPropertyList(at: url, createIfMissing: false))
        }
    }

    /// The backend of the file at `url`, and whether a new store is to be made there (a
    /// missing or empty file, with `.createIfMissing`; its folders are created, 0700).
    private static func backend(at url: URL, mode: StoreOpenMode) throws -> (StoreBackend, isNew: Bool) {
        let path = url.path
        switch try StoreBackend.detectContents(at: url) {
        case .missing:
            guard mode == .createIfMissing else { throw StoreError.notFound(path: path) }
            try StoreError.wrappingIO { try Directory.create(at: url.deletingLastPathComponent(), permissions: 0o700) }
            return (StoreBackend.forNewStore(at: url), isNew: true)
        case .empty:
            guard mode == .createIfMissing else { throw StoreError.notAStore(path: path, reason: "the file is empty") }
            return (StoreBackend.forNewStore(at: url), isNew: true)
        case .recognized(let found):
            if let promised = StoreBackend.promised(byExtensionOf: url), promised != found {
                throw StoreError.backendMismatch(path: path, expected: promised, found: found)
            }
            return (found, isNew: false)
        case .unrecognized(let reason):
            throw StoreError.notAStore(path: path, reason: reason)
        }
    }

    /// Opens a property list, refusing one that holds keys but not one DomainDig key: someone
    /// else's preferences, which an import must not write into (nor change the mode of).
    private static func openPropertyList(at url: URL, createIfMissing: Bool) throws -> PropertyListStore {
        let store = try PropertyListStore(url: url, createIfMissing: createIfMissing)
        let keys = try store.keys()
        guard !keys.isEmpty, !keys.contains(where: { StorageKey(rawValue: $0) != nil }) else { return store }
        let shown = keys.prefix(3).map { "\"\($0)\"" }.joined(separator: ", ")
        throw StoreError.notAStore(
            path: url.path,
            reason: keys.count == 1
                ? "it is a property list of another program: its one key (\(shown)) is not a DomainDig key"
                : "it is a property list of another program: none of its \(Wording.count(keys.count, "key")) (\(shown)"
                    + (keys.count > 3 ? ", …" : "") + ") is a DomainDig key")
    }
}
