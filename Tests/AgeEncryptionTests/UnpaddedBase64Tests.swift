import AgeEncryption
import Foundation
import TestSupport
import Testing

@Suite struct UnpaddedBase64Tests {
    @Test func encodesAsPythonDoesWithoutPadding() throws {
        var generator = SeededBytes(seed: 64)
        for length in [0, 1, 2, 3, 4, 16, 31, 32, 33, 48, 100] {
            let bytes = generator.next(length)
            let output = try ProcessRunner.python(
                "import base64, sys; print(base64.b64encode(sys.stdin.buffer.read()).decode().rstrip('='))",
                stdin: Data(bytes))
            try #require(output.status == 0)
            let encoded = UnpaddedBase64.encode(bytes)
            #expect(encoded == output.stdoutText.trimmingCharacters(in: .newlines), "length \(length)")
            #expect(UnpaddedBase64.decode(encoded.utf8) == bytes, "length \(length)")
        }
    }

    /// The age specification: decoders reject padding and non-canonical encodings.
    @Test(arguments: [
        "AA==", "AAA=", "A", "AAAAA", "AB", "AAB", "AA\n", "A A", "AA-_", "Zm9v!", "ZmB",
    ])
    func refusesWhatIsNotCanonicalUnpaddedBase64(text: String) {
        #expect(UnpaddedBase64.decode(text.utf8) == nil)
    }

    @Test func acceptsCanonicalEncodings() {
        #expect(UnpaddedBase64.decode("".utf8) == [])
        #expect(UnpaddedBase64.decode("AA".utf8) == [0])
        #expect(UnpaddedBase64.decode("AAE".utf8) == [0, 1])
        #expect(UnpaddedBase64.decode("Zm9v".utf8) == Array("foo".utf8))
        #expect(UnpaddedBase64.decode("+/+/".utf8) == [0xFB, 0xFF, 0xBF])
    }
}
