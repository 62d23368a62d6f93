import AgeEncryption
import Testing

@Suite struct Bech32Tests {
    /// BIP 173's valid Bech32 strings.
    @Test(arguments: [
        "A12UEL5L", "a12uel5l",
        "an83characterlonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1tt5tgs",
        "abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw",
        "11" + String(repeating: "q", count: 82) + "c8247j",
        "split1checkupstagehandshakeupstreamerranterredcaperred2y9e3w", "?1ezyfcl",
    ])
    func acceptsBIP173ValidStrings(text: String) throws {
        let decoded = try Bech32.decode(Array(text.utf8))
        #expect(decoded.isUppercase == (text.uppercased() == text && text.lowercased() != text))
    }

    /// BIP 173's invalid strings and why each is refused.
    @Test(arguments: [
        ("\u{20}1nwldj5", Bech32.Failure.invalidCharacter), ("\u{7F}1axkwrx", .invalidCharacter),
        ("\u{80}1eym55h", .invalidCharacter), ("pzry9x0s0muk", .missingSeparator), ("1pzry9x0s0muk", .missingSeparator),
        ("x1b4n0q5v", .invalidDataCharacter), ("li1dgmt3", .tooShort), ("de1lg7wt\u{FF}", .invalidCharacter),
        ("A1G7SGD8", .checksumMismatch), ("10a06t8", .missingSeparator), ("1qzzfhee", .missingSeparator),
        ("a12UEL5L", .mixedCase),
    ])
    func refusesBIP173InvalidStrings(text: String, failure: Bech32.Failure) {
        #expect(throws: failure) { try Bech32.decode(Array(text.utf8)) }
    }

    @Test func encodesAndDecodesBytes() throws {
        let bytes: [UInt8] = Array(0...40)
        let text = Bech32.encode(humanReadablePart: "test", bytes: bytes)
        #expect(text.hasPrefix("test1") && text == text.lowercased())
        let decoded = try Bech32.decode(Array(text.utf8))
        #expect(decoded.humanReadablePart == "test")
        #expect(Bech32.bytes(fromGroups: decoded.groups) == bytes)
        #expect(try Bech32.decode(Array(text.uppercased().utf8)).isUppercase)
    }

    /// age lifts BIP 173's 90-character limit (its post-quantum keys are thousands long).
    @Test func hasNoLengthLimit() throws {
        let bytes = [UInt8](repeating: 0xA5, count: 1_000)
        let text = Bech32.encode(humanReadablePart: "age1pq", bytes: bytes)
        #expect(text.count > 1_600)
        #expect(Bech32.bytes(fromGroups: try Bech32.decode(Array(text.utf8)).groups) == bytes)
    }

    @Test func refusesGroupsThatAreNotWholeBytes() {
        // One group is five bits: not a byte, and not padding.
        #expect(Bech32.bytes(fromGroups: [31]) == nil)
        // Two groups hold ten bits: one byte and two padding bits that must be zero.
        #expect(Bech32.bytes(fromGroups: [31, 28]) == [0xFF])
        #expect(Bech32.bytes(fromGroups: [31, 29]) == nil)
    }
}
