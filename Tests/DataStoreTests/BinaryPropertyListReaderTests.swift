import Foundation
import TestSupport
import Testing

@testable import DataStore

@Suite struct BinaryPropertyListReaderTests {
    /// Assembles a binary property list from raw objects, with one-byte offsets and
    /// references, so tests can describe malformed files precisely.
    static func assemble(_ objects: [[UInt8]], top: UInt8 = 0, objectCount: Int? = nil) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [UInt8] = []
        for object in objects {
            offsets.append(UInt8(bytes.count))
            bytes += object
        }
        let tableStart = bytes.count
        bytes += offsets
        bytes += [0, 0, 0, 0, 0, 0, 1, 1]
        bytes +=
            bigEndian(UInt64(objectCount ?? objects.count)) + bigEndian(UInt64(top)) + bigEndian(UInt64(tableStart))
        return Data(bytes)
    }

    static func bigEndian(_ value: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) }
    }

    func decode(_ data: Data) throws -> StoreValue {
        try data.withUnsafeBytes { try BinaryPropertyListReader.decode($0, path: "/p.plist") }
    }

    func expectMalformed(_ data: Data, _ fragment: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let error = #expect(throws: StoreError.self, sourceLocation: sourceLocation) { try decode(data) }
        guard case .propertyList(let message, let path)? = error else {
            Issue.record(
                "expected a propertyList error, got \(String(describing: error))", sourceLocation: sourceLocation)
            return
        }
        #expect(path == "/p.plist", sourceLocation: sourceLocation)
        #expect(message.contains(fragment), "\(message)", sourceLocation: sourceLocation)
    }

    @Test func readsAHandAssembledDictionary() throws {
        // {"a": true, "b": 258}
        let data = Self.assemble([[0xD2, 1, 2, 3, 4], [0x51, 0x61], [0x51, 0x62], [0x09], [0x11, 0x01, 0x02]])
        #expect(try decode(data) == .dictionary(["a": .bool(true), "b": .integer(258)]))
    }

    @Test func refusesTruncatedFilesAndInconsistentTrailers() {
        let valid = Self.assemble([[0xD0]])
        expectMalformed(valid.prefix(20), "not a complete binary property list")
        expectMalformed(Self.assemble([[0xD0]], top: 5), "top object is out of range")
        expectMalformed(Self.assemble([[0xD0]], objectCount: 200), "trailer is inconsistent")
        var badSizes = valid
        badSizes[badSizes.count - 26] = 0 // offset size 0
        expectMalformed(badSizes, "trailer is inconsistent")
    }

    @Test func refusesReferencesAndLengthsOutOfRange() {
        expectMalformed(Self.assemble([[0xA1, 9]]), "object reference is out of range")
        expectMalformed(Self.assemble([[0xA1, 1], [0x4F, 0x10, 0xFF]]), "runs past the end")
        expectMalformed(Self.assemble([[0xA1, 1], [0x44, 1]]), "runs past the end")
        expectMalformed(Self.assemble([[0xA1, 1], [0x13, 0, 0]]), "runs past the end")
    }

    @Test func refusesCyclesAndSharedContainers() {
        expectMalformed(Self.assemble([[0xA1, 0]]), "referenced more than once")
        expectMalformed(Self.assemble([[0xA2, 1, 1], [0xA0]]), "referenced more than once")
    }

    @Test func sharedScalarsAreFine() throws {
        // plistlib and CoreFoundation write equal strings and numbers once.
        let data = Self.assemble([[0xA2, 1, 1], [0x51, 0x78]])
        #expect(try decode(data) == .array([.string("x"), .string("x")]))
    }

    @Test func refusesDeepNesting() throws {
        var nested = StoreValue.array([])
        for _ in 0..<600 { nested = .array([nested]) }
        expectMalformed(try BinaryPropertyListWriter.encode(nested), "nests deeper than 512 levels")
    }

    @Test func refusesValuesAStoreCannotHold() {
        expectMalformed(Self.assemble([[0xA1, 1], [0x00]]), "cannot hold")
        expectMalformed(Self.assemble([[0xA1, 1], [0x80, 0x01]]), "cannot hold")
        expectMalformed(Self.assemble([[0xD1, 1, 2], [0x10, 0x01], [0x09]]), "key that is not a string")
        let beyond: [UInt8] = [0x14] + Self.bigEndian(1) + Self.bigEndian(0)
        expectMalformed(
            Self.assemble([[0xD1, 1, 2], [0x51, 0x6E], beyond]), "the integer at n is beyond the signed 64-bit range")
    }

    @Test func damagedFilesNeverCrashTheReader() throws {
        // Deterministic mutations of a real file: every outcome must be a value or an error.
        let original = try BinaryPropertyListWriter.encode(BinaryPropertyListWriterTests.demanding)
        var generator = SeededGenerator(seed: 0x5EED)
        var outcomes = (decoded: 0, refused: 0)
        for _ in 0..<3_000 {
            var damaged = original
            for _ in 0..<Int(generator.next() % 4 + 1) {
                let index = Int(generator.next() % UInt64(damaged.count))
                // Damage the structure (the start and the tables) more often than blob bytes.
                let target = generator.next() % 2 == 0 ? damaged.count - 1 - index % 600 : index
                damaged[target] = UInt8(truncatingIfNeeded: generator.next())
            }
            if generator.next() % 8 == 0 { damaged = damaged.prefix(Int(generator.next() % UInt64(damaged.count))) }
            do {
                _ = try decode(damaged)
                outcomes.decoded += 1
            } catch is StoreError {
                outcomes.refused += 1
            }
        }
        #expect(outcomes.decoded + outcomes.refused == 3_000)
        #expect(outcomes.refused > 0)
    }
}
