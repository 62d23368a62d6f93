import Foundation
import TestSupport
import Testing

@testable import DataStore

@Suite struct BinaryPropertyListWriterTests {
    /// Values that exercise the format's size classes: long lengths, wide references,
    /// every integer width, and strings that need UTF-16 (including surrogate pairs).
    static let demanding: StoreValue = .dictionary([
        "manyKeys": .dictionary(
            Dictionary(uniqueKeysWithValues: (0..<300).map { ("key\($0)", StoreValue.integer($0)) })),
        "integers": .array(
            [0, 255, 256, 65_535, 65_536, 4_294_967_295, 4_294_967_296, -1, Int.min, Int.max].map(StoreValue.integer)),
        "strings": .array([
            .string(""), .string(String(repeating: "a", count: 15)), .string("Grüße 👋🏽 日本"),
            .string(String(repeating: "é", count: 40)),
        ]),
        "blob": .data(Data((0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })),
        "doubles": .array([.double(-0.0), .double(1e300), .double(.infinity), .double(0.1)]),
        "date": .date(Date(timeIntervalSinceReferenceDate: -1_234.5)),
        "flags": .array([.bool(true), .bool(false), .integer(1), .integer(0)]),
    ])

    @Test func roundTripsThroughItsOwnReader() throws {
        let encoded = try BinaryPropertyListWriter.encode(Self.demanding)
        let decoded = try encoded.withUnsafeBytes { try BinaryPropertyListReader.decode($0, path: "memory") }
        #expect(decoded == Self.demanding)
    }

    @Test func plistlibReadsEveryValueExactly() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("demanding.plist")
        try BinaryPropertyListWriter.encode(Self.demanding).write(to: url)
        let summary = try runPython(
            """
            import plistlib, sys, datetime
            d = plistlib.load(open(sys.argv[1], "rb"))
            assert d["manyKeys"] == {f"key{i}": i for i in range(300)}
            assert d["integers"] == [0, 255, 256, 65535, 65536, 4294967295, 4294967296, -1, -2**63, 2**63 - 1]
            assert d["strings"] == ["", "a" * 15, "Grüße 👋🏽 日本", "é" * 40]
            assert d["blob"] == bytes((i * 7) % 256 for i in range(70000))
            assert d["doubles"][1:] == [1e300, float("inf"), 0.1] and str(d["doubles"][0]) == "-0.0"
            assert [type(v).__name__ for v in d["flags"]] == ["bool", "bool", "int", "int"]
            assert d["date"] == datetime.datetime(2000, 12, 31, 23, 39, 25, 500000)
            print("ok")
            """, [url.path])
        #expect(summary == "ok\n")
    }

    @Test func theSameValuesAlwaysGiveTheSameBytes() throws {
        let first = try BinaryPropertyListWriter.encode(Self.demanding)
        let second = try BinaryPropertyListWriter.encode(Self.demanding)
        #expect(first == second)
    }

    @Test func streamsLargeBlobsWithoutBufferingThem() throws {
        let blob = Data(repeating: 0x5A, count: 1 << 20)
        var chunkSizes: [Int] = []
        try BinaryPropertyListWriter.encode(.dictionary(["lookupHistory": .data(blob)])) { chunkSizes.append($0.count) }
        #expect(chunkSizes.contains(blob.count), "the blob is handed over in one piece, not copied into chunks")
        #expect(chunkSizes.allSatisfy { $0 <= 64 * 1024 || $0 == blob.count })
    }
}
