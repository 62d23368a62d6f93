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
        try lock.withLock { try base.value(forKey: key) }
    }

    func dataBytes(forKey key: String) throws -> [UInt8]? {
        try lock.withLock { try base.dataBytes(forKey: key) }
    }

    func keys() throws -> [String] {
        try lock.withLock { try base.keys() }
    }

    func byteCount(forKey key: String) throws -> Int? {
        try lock.withLock { try base.byteCount(forKey: key) }
    }
}
