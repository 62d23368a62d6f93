/// Recognizes text that holds an age secret key — `AGE-SECRET-KEY-…` or a plugin identity
/// `AGE-PLUGIN-…`, in any case, followed by at least ``minimumKeyCharacters`` letters or
/// digits — so that it is never quoted in a message. The forms messages name keys by
/// (`AGE-SECRET-KEY-1…`) hold no key, and are not taken for one.
///
/// A secret given where a file name or a recipient was expected would otherwise be echoed
/// back in the error about it: on a terminal, in a log, in a `--json` document.
public enum SecretKeyText {
    /// The starts of the secret encodings age writes, in uppercase.
    static let markers = ["AGE-SECRET-KEY-", "AGE-PLUGIN-"].map { Array($0.utf8) }

    /// How many letters or digits after a marker make a key (or a piece of one worth hiding).
    static let minimumKeyCharacters = 4

    /// What a redacted secret is shown as.
    public static let placeholder = "[a secret key, not printed]"

    /// Whether `text` contains an age secret key's start anywhere, ignoring case.
    ///
    /// The bytes are searched where they lie (a key file's line is never copied).
    public static func contains<Text: Collection<UInt8>>(_ text: Text) -> Bool {
        text.indices.contains { start in markers.contains { startsWith($0, text[start...]) } }
    }

    /// `text` with every word (a run of characters between spaces and quotes) that holds a
    /// secret key's start replaced by ``placeholder``.
    public static func redacting(_ text: String) -> String {
        guard contains(text.utf8) else { return text }
        let separators = Set(" \t\r\n'\"`,;:()[]<>=".utf8)
        var result: [UInt8] = []
        var word: [UInt8] = []
        func flush() {
            result += contains(word) ? Array(placeholder.utf8) : word
            word.removeAll(keepingCapacity: true)
        }
        for byte in text.utf8 {
            if separators.contains(byte) {
                flush()
                result.append(byte)
            } else {
                word.append(byte)
            }
        }
        flush()
        return String(decoding: result, as: UTF8.self)
    }

    /// Whether `text` starts with `marker` (uppercase), ignoring the case of `text`, and then
    /// ``minimumKeyCharacters`` ASCII letters or digits.
    private static func startsWith(_ marker: [UInt8], _ text: some Collection<UInt8>) -> Bool {
        let start = text.prefix(marker.count + minimumKeyCharacters).lazy.map(uppercased)
        return start.count == marker.count + minimumKeyCharacters && start.starts(with: marker)
            && start.dropFirst(marker.count).allSatisfy {
                (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
            }
    }

    private static func uppercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) ? byte - 0x20 : byte
    }
}
