/// The text of JSONPath steps, as findings and messages print them (`$.trackedDomains[12].domain`).
public enum JSONPathText {
    /// `.name`, or `["odd name"]` when the key is not a plain identifier: the key as a JSON
    /// string, its quotes, backslashes and control characters escaped (`\"`, `\\`, `\n`,
    /// `\u001b`) as RFC 9535's normalized paths escape them, so the path says which key it
    /// names and prints on one line.
    public static func key(_ key: String) -> String {
        let plain =
            !key.isEmpty
            && key.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == 0x5F
            }
        if plain { return "." + key }
        var writer = JSONWriter(capacity: key.utf8.count + 8)
        writer.string(key)
        return "[" + String(decoding: writer.takeBytes(), as: UTF8.self) + "]"
    }
}
