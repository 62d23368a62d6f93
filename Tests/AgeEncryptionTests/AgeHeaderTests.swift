import AgeEncryption
import TestSupport
import Testing

@Suite struct AgeHeaderTests {
    private func header(bodies: [Int]) -> AgeHeader {
        var generator = SeededBytes(seed: 11)
        let stanzas = bodies.enumerated().map { index, count in
            AgeStanza(arguments: ["example.org/type", "arg\(index)"], body: generator.next(count))
        }
        return AgeHeader(stanzas: stanzas, mac: generator.next(32))
    }

    private func parseError(_ text: String) -> AgeError? {
        do {
            _ = try AgeHeader.parse(Array(text.utf8))
            return nil
        } catch {
            return error as? AgeError
        }
    }

    @Test func encodesAndParsesBodiesOfEveryLineShape() throws {
        // 0 bytes: an empty final line; 48: one full line and an empty one; 49 and 100: a short last line.
        let header = header(bodies: [0, 48, 49, 100, 96])
        let encoded = header.encoded
        let text = String(decoding: encoded, as: UTF8.self)
        #expect(text.hasPrefix("age-encryption.org/v1\n-> example.org/type arg0\n\n"))
        #expect(
            text.split(separator: "\n", omittingEmptySubsequences: false).allSatisfy {
                $0.count <= 64 || $0.hasPrefix("->")
            })
        let parsed = try AgeHeader.parse(encoded + [0xDE, 0xAD, 0x0A, 0x2D, 0x2D, 0x2D])
        #expect(parsed.header == header)
        #expect(parsed.byteCount == encoded.count)
    }

    @Test func namesWhatIsWrong() {
        #expect(parseError("") == .notAgeFile)
        #expect(parseError("PK\u{3}\u{4}whatever\n") == .notAgeFile)
        #expect(parseError("age-encryption.org/v2\n-> X\n\n--- x\n") == .unsupportedVersion("v2"))
        #expect(
            parseError("age-encryption.org/v1\n--- " + String(repeating: "A", count: 43) + "\n")
                == .malformedHeader("the header has no recipient stanza"))
        #expect(
            parseError("age-encryption.org/v1\n-> X\n\n")
                == .malformedHeader("the header ends before its MAC line (---)"))
        #expect(
            parseError("age-encryption.org/v1\n-> X\nAAAA\r\n--- x\n")
                == .malformedHeader(
                    "line 3 of the stanza on line 2 is not a body line (base64 characters, at most 64, "
                        + "and the stanza must end with a shorter line)"))
        #expect(
            parseError("age-encryption.org/v1\n-> X  Y\n\n--- x\n")
                == .malformedHeader(
                    "the stanza on line 2 has an empty argument or a character other than printable ASCII"))
        #expect(
            parseError("age-encryption.org/v1\n-> X\n\n--- short\n")
                == .malformedHeader("line 4 is not '--- ' followed by a canonical base64 MAC of 32 bytes"))
    }

    @Test func refusesMoreStanzasThanTheLimit() {
        let many = String(repeating: "-> X\n\n", count: AgeHeader.maximumStanzaCount + 1)
        #expect(parseError("age-encryption.org/v1\n" + many + "--- x\n") == .tooManyStanzas(limit: 1024))
    }

    /// The fuzzing entry point: damaged headers only ever parse or throw an ``AgeError``.
    @Test func damagedHeadersNeverCrashTheParser() {
        let valid = header(bodies: [32, 48, 0]).encoded + [1, 2, 3]
        var generator = SeededGenerator(seed: 2024)
        for _ in 0..<3_000 {
            var bytes = valid
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let position = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: bytes[position] = UInt8.random(in: 0...255, using: &generator)
                case 1: bytes.remove(at: position)
                case 2: bytes.insert(generator.pick([0x0A, 0x20, 0x2D, 0x3E, 0x41]), at: position)
                default: bytes.removeSubrange(position...)
                }
                if bytes.isEmpty { bytes = [0x61] }
            }
            do {
                let parsed = try AgeHeader.parse(bytes)
                #expect(parsed.byteCount <= bytes.count)
            } catch {
                #expect(error is AgeError)
            }
        }
    }
}
