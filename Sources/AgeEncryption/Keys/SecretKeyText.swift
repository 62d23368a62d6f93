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
        var start = text.startIndex
        while start != text.endIndex {
            let rest = text[start...]
            if markers.contains(where: { startsWith($0, rest) }) { return true }
            start = text.index(after: start)
        }
        return false
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
        var matched = 0
        for byte in text.prefix(marker.count + minimumKeyCharacters) {
            if matched < marker.count {
                guard uppercased(byte) == marker[matched] else { return false }
            } else {
                let letter = uppercased(byte)
                guard
                    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(letter)
                        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(letter)
                else { return false }
            }
            matched += 1
        }
        return matched == marker.count + minimumKeyCharacters
    }

    private static func uppercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) ? byte - 0x20 : byte
    }
}
