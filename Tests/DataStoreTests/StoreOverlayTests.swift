import DataStore
import Foundation
import Testing

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
}
