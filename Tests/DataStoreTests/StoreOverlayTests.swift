import Foundation
import Testing

@testable import DataStore

@Suite struct StoreOverlayTests {
    @Test func writesStayInTheOverlayAndReadsSeeThem() throws {
        let base = InMemoryStore(entries: ["kept": .integer(1), "changed": .integer(1), "removed": .integer(1)])
        let overlay = StoreOverlay(over: base)
        #expect(!overlay.isModified)
        try overlay.set(.integer(2), forKey: "changed")
        try overlay.set(.string("new"), forKey: "added")
        try overlay.removeValue(forKey: "removed")
        #expect(overlay.isModified)
        #expect(try overlay.keys() == ["added", "changed", "kept"])
        #expect(try overlay.value(forKey: "changed") == .integer(2))
        #expect(try overlay.value(forKey: "removed") == nil)
        #expect(try overlay.value(forKey: "kept") == .integer(1))
        #expect(base.entries == ["kept": .integer(1), "changed": .integer(1), "removed": .integer(1)])
        try overlay.set(.integer(3), forKey: "removed")
        #expect(try overlay.value(forKey: "removed") == .integer(3))
    }

    /// A store that answers `dataBytes` and `byteCount` itself and counts the whole-value reads.
    final class MeasuringStore: StoreReading {
        let base: InMemoryStore
        private(set) var valueReads: [String] = []

        init(_ entries: [String: StoreValue]) { base = InMemoryStore(entries: entries) }

        var location: String { base.location }
        func keys() throws -> [String] { try base.keys() }

        func value(forKey key: String) throws -> StoreValue? {
            valueReads.append(key)
            return try base.value(forKey: key)
        }

        func dataBytes(forKey key: String) throws -> [UInt8]? {
            guard case .data(let data)? = try base.value(forKey: key) else { return nil }
            return [UInt8](data)
        }

        func byteCount(forKey key: String) throws -> Int? { try base.value(forKey: key)?.byteCount }
    }

    @Test func unchangedValuesAreMeasuredAndReadByTheStoreUnderneath() throws {
        let base = MeasuringStore([
            "kept": .data(Data("[1,2]".utf8)), "changed": .data(Data("[]".utf8)), "text": .data(Data("[]".utf8)),
            "number": .data(Data("[]".utf8)), "removed": .data(Data("[1]".utf8)),
        ])
        let overlay = StoreOverlay(over: base)
        try overlay.set(.data(Data("[1,2,3]".utf8)), forKey: "changed")
        try overlay.set(.string("é"), forKey: "text")
        try overlay.set(.integer(7), forKey: "number")
        try overlay.removeValue(forKey: "removed")

        #expect(try overlay.byteCount(forKey: "kept") == 5)
        #expect(try overlay.dataBytes(forKey: "kept") == Array("[1,2]".utf8))
        #expect(base.valueReads.isEmpty, "the overlay asked the store underneath for whole values")

        // What the overlay holds wins over what the store underneath has under the same key.
        #expect(try overlay.byteCount(forKey: "changed") == 7)
        #expect(try overlay.dataBytes(forKey: "changed") == Array("[1,2,3]".utf8))
        #expect(try overlay.byteCount(forKey: "text") == 2 && overlay.dataBytes(forKey: "text") == nil)
        #expect(try overlay.byteCount(forKey: "number") == 0 && overlay.dataBytes(forKey: "number") == nil)
        #expect(try overlay.byteCount(forKey: "removed") == nil && overlay.dataBytes(forKey: "removed") == nil)
        #expect(try overlay.byteCount(forKey: "absent") == nil)
    }
}
