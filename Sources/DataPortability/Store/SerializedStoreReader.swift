import DataStore
import Foundation

/// A store reader several threads may share: each read holds a lock, since the store
/// backends are meant for one thread at a time.
final class SerializedStoreReader: StoreReading, @unchecked Sendable {
    private let base: any StoreReading
    private let lock = NSLock()

    init(_ base: any StoreReading) {
        self.base = base
    }

    var location: String { base.location }

    func value(forKey key: String) throws -> StoreValue? {
        lock.lock()
        defer { lock.unlock() }
        return try base.value(forKey: key)
    }

    func dataBytes(forKey key: String) throws -> [UInt8]? {
        lock.lock()
        defer { lock.unlock() }
        return try base.dataBytes(forKey: key)
    }

    func keys() throws -> [String] {
        lock.lock()
        defer { lock.unlock() }
        return try base.keys()
    }

    func byteCount(forKey key: String) throws -> Int? {
        lock.lock()
        defer { lock.unlock() }
        return try base.byteCount(forKey: key)
    }
}
