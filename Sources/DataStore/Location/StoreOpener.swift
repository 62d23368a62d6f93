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
    /// - Returns: an `SQLiteStore` or a `PropertyListStore`.
    /// - Throws: `StoreError.notFound` (missing, `.mustExist`); `.notAStore` (unrecognised or
    ///   foreign content, or an empty file with `.mustExist`); `.backendMismatch`;
    ///   `.newerLayout`; `.io` when folders or files cannot be created or read.
    public static func open(at url: URL, mode: StoreOpenMode) throws -> any KeyValueStore {
        let url = url.standardizedFileURL
        let path = url.path
        let promised = StoreBackend.promised(byExtensionOf: url)
        let backend: StoreBackend
        switch try StoreBackend.detectContents(at: url) {
        case .missing:
            guard mode == .createIfMissing else { throw StoreError.notFound(path: path) }
            do {
                try Directory.create(at: url.deletingLastPathComponent(), permissions: 0o700)
            } catch let error as FileIOError {
                throw StoreError.io(error)
            }
            backend = StoreBackend.forNewStore(at: url)
        case .empty:
            guard mode == .createIfMissing else {
                throw StoreError.notAStore(path: path, reason: "the file is empty")
            }
            backend = StoreBackend.forNewStore(at: url)
        case .recognized(let found):
            if let promised, promised != found {
                throw StoreError.backendMismatch(path: path, expected: promised, found: found)
            }
            backend = found
        case .unrecognized(let reason):
            throw StoreError.notAStore(path: path, reason: reason)
        }
        let create = mode == .createIfMissing
        switch backend {
        case .sqlite: return try SQLiteStore(url: url, createIfMissing: create)
        case .propertyList: return try PropertyListStore(url: url, createIfMissing: create)
        }
    }
}
