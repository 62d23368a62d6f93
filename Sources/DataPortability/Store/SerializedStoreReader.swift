import Concurrency
import DataStore
import Foundation

/// A store reader several threads may share: each read of the store holds a lock, since the
/// store backends are meant for one thread at a time; values read ahead are handed out under
/// a lock of their own.
final class SerializedStoreReader: StoreReading, @unchecked Sendable {
    private let base: any StoreReading
    private let lock = NSLock()
    /// Data values read by `readAheadAllButLargest(of:)`, each handed out once. A lock of their
    /// own, so they are handed out while another thread reads the store.
    private let readAhead = Locked<[String: [UInt8]]>([:])

    init(_ base: any StoreReading) {
        self.base = base
    }

    var location: String { base.location }

    /// Reads now, on the calling thread, the data values under `keys` but the largest one.
    ///
    /// A read holds the lock for as long as it takes: 0.15 s for a 170 MB value. Read ahead,
    /// the other values are at hand while one thread reads the largest, so the threads working
    /// on the other sections do not wait for the lock meanwhile. Each value read ahead is
    /// handed out by `dataBytes(forKey:)` once, then let go of; a second call reads again.
    /// - Returns: the key of the largest value, which was not read; nil when none is present.
    /// - Throws: `StoreError` when the backend cannot read them.
    @discardableResult
    func readAheadAllButLargest(of keys: [String]) throws -> String? {
        let (values, largest) = try lock.withLock {
            let sized = try keys.compactMap { key in try base.byteCount(forKey: key).map { (key, $0) } }
            let largest = sized.max { $0.1 < $1.1 }?.0
            var values: [String: [UInt8]] = [:]
            for (key, _) in sized where key != largest {
                values[key] = try base.dataBytes(forKey: key)
            }
            return (values, largest)
        }
        readAhead.withLock { $0.merge(values) { _, read in read } }
        return largest
    }

    func value(forKey key: String) throws -> StoreValue? {
        try lock.withLock { try base.value(forKey: key) }
    }

    func dataBytes(forKey key: String) throws -> [UInt8]? {
        if let bytes = readAhead.withLock({ $0.removeValue(forKey: key) }) { return bytes }
        return try lock.withLock { try base.dataBytes(forKey: key) }
    }

    func keys() throws -> [String] {
        try lock.withLock { try base.keys() }
    }

    func byteCount(forKey key: String) throws -> Int? {
        try lock.withLock { try base.byteCount(forKey: key) }
    }
}
