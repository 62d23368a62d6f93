import JSONCore
import Testing

/// The writer's own storage: text that crosses its zeroed room and its growth, values longer
/// than the room (appended to the text directly), copies of a writer, and a writer emptied and
/// written again, which must never show bytes of the text before.
@Suite struct JSONWriterStorageTests {
    /// Lengths around the writer's room of 4,096 bytes and well past it.
    static let lengths = [0, 1, 7, 8, 9, 4_091, 4_093, 4_094, 4_095, 4_096, 4_097, 8_200, 20_000]

    static func string(length: Int, escaping: Bool) -> String {
        let unit: [Character] = escaping ? ["a", "\"", "é", "\n", "\u{01}", "\\", "z"] : ["a", "b", "é", "-"]
        return String((0..<length).map { unit[$0 % unit.count] })
    }

    @Test(arguments: [false, true])
    func stringsAroundAndPastTheRoomAreWrittenExactly(escaping: Bool) {
        var writer = JSONWriter(capacity: 0)
        writer.beginArray()
        var expected = "["
        for (index, length) in Self.lengths.enumerated() {
            let value = Self.string(length: length, escaping: escaping)
            writer.string(value)
            expected += (index == 0 ? "" : ",") + JSONWriterTests.referenceEscape(value)
        }
        writer.endArray()
        expected += "]"
        #expect(writer.count == expected.utf8.count)
        let written = writer.bytes
        let taken = writer.takeBytes()
        // Compared as Bools: a failure would otherwise print the whole text.
        let matches = (String(decoding: written, as: UTF8.self) == expected, taken == written)
        #expect(matches.0)
        #expect(matches.1)
        #expect(writer.count == 0 && writer.bytes.isEmpty)
    }

    @Test func keysNumbersAndRawTextCrossingGrowthStayInOrder() throws {
        var writer = JSONWriter(capacity: 0)
        writer.beginObject()
        var members: [String] = []
        let long = Array(("[" + String(repeating: "1,", count: 3_000) + "1]").utf8)
        for index in 0..<2_000 {
            writer.key("k")
            switch index % 3 {
            case 0:
                writer.int(-index * 7_919)
                members.append(#""k":"# + String(-index * 7_919))
            case 1:
                writer.rawJSON(long)
                members.append(#""k":"# + String(decoding: long, as: UTF8.self))
            default:
                writer.bool(index % 2 == 0)
                members.append(#""k":"# + String(index % 2 == 0))
            }
        }
        writer.endObject()
        let expected = Array(("{" + members.joined(separator: ",") + "}").utf8)
        let bytes = writer.takeBytes()
        // Compared as a Bool: a failure would otherwise print megabytes of text.
        let matches = bytes == expected
        #expect(matches)
        _ = try JSONDocument(parsing: bytes)
    }

    @Test func aCopiedWriterKeepsItsOwnText() {
        var first = JSONWriter(capacity: 8)
        first.beginArray()
        first.string("shared")
        var second = first
        first.string("first")
        second.int(2)
        first.endArray()
        second.endArray()
        #expect(String(decoding: first.bytes, as: UTF8.self) == #"["shared","first"]"#)
        #expect(String(decoding: second.bytes, as: UTF8.self) == #"["shared",2]"#)
        let taken = first.takeBytes()
        #expect(String(decoding: second.bytes, as: UTF8.self) == #"["shared",2]"#)
        #expect(String(decoding: taken, as: UTF8.self) == #"["shared","first"]"#)
    }

    @Test func bytesIsACopyThatLaterWritesLeaveAlone() {
        var writer = JSONWriter()
        writer.beginArray()
        let before = writer.bytes
        writer.string("more")
        #expect(before == Array("[".utf8))
        #expect(writer.bytes == Array(#"["more""#.utf8))
    }

    @Test func anEmptiedWriterNeverShowsTheTextBefore() {
        var writer = JSONWriter(capacity: 0)
        writer.string(String(repeating: "x", count: 10_000))
        writer.removeAll()
        writer.int(1)
        #expect(writer.bytes == Array("1".utf8))
        #expect(writer.takeBytes() == Array("1".utf8))
        writer.null()
        #expect(writer.takeBytes() == Array("null".utf8))
    }

    /// What was written since a mark is forgotten, commas included, even text past the room
    /// written over what was zeroed.
    @Test func aRewoundWriterGoesOnAsIfNothingWasWrittenSinceTheMark() {
        var writer = JSONWriter(capacity: 0)
        writer.beginObject()
        writer.key("a")
        writer.int(1)
        let mark = writer.mark
        writer.key("b")
        writer.string(String(repeating: "y", count: 10_000))
        writer.rewind(to: mark)
        Array("k".utf8).withUnsafeBufferPointer { writer.plainKey($0) }
        writer.bool(true)
        writer.endObject()
        #expect(writer.takeBytes() == Array(#"{"a":1,"k":true}"#.utf8))
    }
}
