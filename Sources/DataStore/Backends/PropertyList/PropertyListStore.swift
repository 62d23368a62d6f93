import DurableIO
import Foundation

/// A store kept in a UserDefaults property list, as the DomainDig app writes it on a device.
///
/// The whole file is read when the store opens; its top level is a dictionary of keys to
/// values, blobs are `<data>` holding JSON. A transaction works on a copy and, when it
/// succeeds, rewrites the whole file atomically (temporary file, fsync, rename; mode 0600) in
/// the format it was read in — a new file is binary. A transaction that rolls back or throws
/// leaves the file untouched. A new store is not written when it is opened: the file appears with the
/// first transaction that commits, so a store whose first import fails never exists.
///
/// XML property lists store dates to the second only; binary ones keep them exactly.
/// Binary files are read and written by the package's own codec at memory speed; XML goes
/// through Foundation's `PropertyListSerialization`, which on Linux manages about 10 MB/s.
///
///     let store = try PropertyListStore(url: plistURL, createIfMissing: false)
///     let domains = try store.dataBytes(forKey: "trackedDomains")
public final class PropertyListStore: KeyValueStore {
    /// The two encodings of a property list file.
    public enum Format: Sendable, Equatable {
        /// `<?xml …><plist>`: what `defaults export` and editors produce.
        case xml
        /// `bplist00`: what UserDefaults writes on a device.
        case binary
    }

    /// The property list file. Symbolic links are resolved, so rewrites replace the file a
    /// link points to, not the link.
    public let url: URL
    /// The encoding the file is written back in.
    public private(set) var format: Format
    /// The values as committed: what the file holds.
    private(set) var entries: [String: StoreValue]
    private var isInTransaction = false
    /// Whether the file holds the store yet: false for a new store until its first commit.
    public private(set) var isWritten: Bool

    public var location: String { url.path }

    /// Opens the property list at `url`.
    /// - Parameters:
    ///   - url: the `.plist` file.
    ///   - createIfMissing: when true, a missing (or empty) file is a new, empty store, written
    ///     as a binary property list at its first commit; its folder must exist then.
    /// - Throws: `StoreError.notFound` when the file is missing and not created;
    ///   `.propertyList` when it does not parse; `.notAStore` when its top level is not a
    ///   dictionary; `.io` for file errors.
    public init(url: URL, createIfMissing: Bool) throws {
        self.url = url.standardizedFileURL.resolvingSymlinksInPath()
        let content: Data
        do {
            let file = try FileDescriptor.openForReading(self.url.path)
            content = try file.readAll(limit: Self.readLimit)
        } catch FileIOError.notFound where createIfMissing {
            content = Data()
        } catch FileIOError.notFound {
            throw StoreError.notFound(path: self.url.path)
        } catch let error as FileIOError {
            throw StoreError.io(error)
        }

        guard !content.isEmpty || createIfMissing else {
            throw StoreError.notAStore(path: self.url.path, reason: "the file is empty")
        }
        isWritten = !content.isEmpty
        (entries, format) = isWritten ? try Self.decode(content, path: self.url.path) : ([:], .binary)
    }

    public func value(forKey key: String) throws -> StoreValue? {
        entries[key]
    }

    public func keys() throws -> [String] {
        entries.keys.sorted()
    }

    /// Runs `body` on a copy of the values; when it returns `.commit` having changed something —
    /// or the store is new and this is its first commit — the whole file is written atomically.
    /// A new store that rolls back is still not written.
    /// - Throws: `StoreError.io` or `.propertyList` when the file cannot be written (it is
    ///   then unchanged); whatever `body` throws.
    public func inTransaction<Value>(_ body: (any StoreTransaction) throws -> TransactionCompletion<Value>) throws
        -> Value
    {
        try DictionaryTransaction.run(
            over: entries, location: location, isInTransaction: &isInTransaction, committingUnchanged: !isWritten, body
        ) { changed in
            try write(changed, in: format, to: url)
            entries = changed
            isWritten = true
        }
    }
}
