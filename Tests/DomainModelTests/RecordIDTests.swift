import DomainModel
import Foundation
import JSONCore
import Testing

@Suite struct RecordIDTests {
    static let lower = "3f2504e0-4f89-41d3-9a0c-0305e82c3301"

    @Test(arguments: [
        "3f2504e0-4f89-41d3-9a0c-0305e82c3301",
        "3F2504E0-4F89-41D3-9A0C-0305E82C3301",
        "3f2504E0-4F89-41d3-9A0c-0305e82C3301",
    ])
    func parsesEitherCase(_ text: String) throws {
        let id = try #require(RecordID.parse(text))
        #expect(id == UUID(uuidString: Self.lower.uppercased()))
        #expect(RecordID.format(id) == Self.lower)
    }

    @Test func formatsLowerCaseAsFoundationDoesUpperCase() {
        for _ in 0..<100 {
            let id = UUID()
            #expect(RecordID.format(id) == id.uuidString.lowercased())
            #expect(RecordID.parse(id.uuidString) == id)
            #expect(RecordID.parse(RecordID.format(id)) == id)
        }
    }

    @Test func everyByteOtherThanAHexadecimalDigitIsRefusedInEveryPlaceOfADigit() {
        let hex = Set("0123456789abcdefABCDEF".utf8)
        let valid = Array(Self.lower.utf8)
        for position in valid.indices where valid[position] != UInt8(ascii: "-") {
            for byte in UInt8.min...UInt8.max {
                var text = valid
                text[position] = byte
                let parsed = text.withUnsafeBufferPointer { RecordID.parse(utf8: $0) }
                #expect((parsed != nil) == hex.contains(byte), "byte \(byte) at \(position)")
                if let parsed, hex.contains(byte) {
                    #expect(RecordID.format(parsed) == String(decoding: text, as: UTF8.self).lowercased())
                }
            }
        }
    }

    @Test func formatsEdgeValues() throws {
        let zero = try #require(RecordID.parse("00000000-0000-0000-0000-000000000000"))
        #expect(RecordID.format(zero) == "00000000-0000-0000-0000-000000000000")
        let ones = try #require(RecordID.parse("FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF"))
        #expect(RecordID.format(ones) == "ffffffff-ffff-ffff-ffff-ffffffffffff")
    }

    @Test(arguments: [
        "", "3f2504e0-4f89-41d3-9a0c-0305e82c330", "3f2504e0-4f89-41d3-9a0c-0305e82c33011",
        "3f2504e04f8941d39a0c0305e82c3301", "3f2504e0-4f8941d3-9a0c-0305e82c3301-",
        "3f2504e-04f89-41d3-9a0c-0305e82c3301", "3f2504e0_4f89_41d3_9a0c_0305e82c3301",
        "3f2504g0-4f89-41d3-9a0c-0305e82c3301", "{3f2504e0-4f89-41d3-9a0c-0305e82c3301}",
        "urn:uuid:3f2504e0-4f89-41d3-9a0c-0305e82c3301", " 3f2504e0-4f89-41d3-9a0c-0305e82c3301",
        "3f2504e0-4f89-41d3-9a0c-0305e82c330 ", "3f2504e0-4f89-41d3-9a0c-0305e82c33é",
        "+3f2504e-4f89-41d3-9a0c-0305e82c3301",
    ])
    func rejectsMalformedText(_ text: String) {
        #expect(RecordID.parse(text) == nil)
    }

    @Test func writerQuotesTheCanonicalText() throws {
        var writer = JSONWriter()
        writer.recordID(try #require(RecordID.parse(Self.lower.uppercased())))
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "\"\(Self.lower)\"")
    }
}
