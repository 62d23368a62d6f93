import Concurrency
import DataStore
import Dispatch
import Foundation
import Testing

@testable import DataPortability

/// The shared reader export's section threads go through: values read ahead are the store's,
/// handed out once, and while one thread reads the largest value the others get theirs.
@Suite struct SerializedStoreReaderTests {
    /// A store that counts its data reads, and can hold one key's read until told to go on.
    final class CountingStore: StoreReading, @unchecked Sendable {
        let base: InMemoryStore
        private let lock = NSLock()
        private var reads: [String: Int] = [:]
        /// A read of this key waits for `release`, having signalled `entered`.
        let heldKey: String?
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)

        init(_ entries: [String: StoreValue], holding heldKey: String? = nil) {
            base = InMemoryStore(entries: entries)
            self.heldKey = heldKey
        }

        var location: String { base.location }
        func value(forKey key: String) throws -> StoreValue? { try base.value(forKey: key) }
        func keys() throws -> [String] { try base.keys() }

        func dataBytes(forKey key: String) throws -> [UInt8]? {
            lock.withLock { reads[key, default: 0] += 1 }
            if key == heldKey {
                entered.signal()
                // Bounded, so a test that gets this wrong fails instead of hanging.
                _ = release.wait(timeout: .now() + 20)
            }
            return try base.dataBytes(forKey: key)
        }

        func readCount(_ key: String) -> Int { lock.withLock { reads[key] ?? 0 } }
    }

    static let entries: [String: StoreValue] = [
        "small": .data(Data("[1]".utf8)),
        "largest": .data(Data("[1,2,3,4,5,6,7,8,9]".utf8)),
        "medium": .data(Data("[1,2,3]".utf8)),
        "text": .string("not data"),
    ]

    @Test func everyValueButTheLargestIsReadAheadAndHandedOutOnce() throws {
        let store = CountingStore(Self.entries)
        let reader = SerializedStoreReader(store)
        try reader.readAheadAllButLargest(of: ["small", "largest", "medium", "text", "absent"])
        #expect(store.readCount("small") == 1 && store.readCount("medium") == 1)
        #expect(store.readCount("largest") == 0, "the largest is read when asked for, not ahead")

        #expect(try reader.dataBytes(forKey: "small") == Array("[1]".utf8))
        #expect(store.readCount("small") == 1, "handed out from what was read ahead")
        #expect(try reader.dataBytes(forKey: "small") == Array("[1]".utf8))
        #expect(store.readCount("small") == 2, "a second call reads the store again")

        #expect(try reader.dataBytes(forKey: "largest") == Array("[1,2,3,4,5,6,7,8,9]".utf8))
        #expect(try reader.dataBytes(forKey: "text") == nil && reader.dataBytes(forKey: "absent") == nil)
    }

    @Test func aValueReadAheadIsHandedOutWhileAnotherThreadReadsTheLargest() throws {
        let store = CountingStore(Self.entries, holding: "largest")
        let reader = SerializedStoreReader(store)
        try reader.readAheadAllButLargest(of: ["small", "largest", "medium"])
        let largest = BackgroundJob<[UInt8]?, any Error>(name: "largest") { try reader.dataBytes(forKey: "largest") }
        try #require(store.entered.wait(timeout: .now() + 20) == .success, "the largest value was never read")
        // The largest value's read now holds the store's lock, until released.
        let handedOut = DispatchSemaphore(value: 0)
        let small = BackgroundJob<[UInt8]?, any Error>(name: "small") {
            defer { handedOut.signal() }
            return try reader.dataBytes(forKey: "small")
        }
        let waited = handedOut.wait(timeout: .now() + 10)
        store.release.signal()
        #expect(try largest.join() == Array("[1,2,3,4,5,6,7,8,9]".utf8))
        #expect(try small.join() == Array("[1]".utf8))
        #expect(waited == .success, "the value read ahead waited for the other read")
    }
}
