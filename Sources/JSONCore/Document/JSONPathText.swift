/// The text of JSONPath steps, as findings and messages print them (`$.trackedDomains[12].domain`).
public enum JSONPathText {
    /// `.name`, or `["odd name"]` when the key is not a plain identifier: a quote, a backslash
    /// and each control character escaped as in a normalized path of RFC 9535 (`\"`, `\\`,
    /// `\n`, `\u001b`), so the path says which key it names and prints on one line.
    public static func key(_ key: String) -> String {
        let plain =
            !key.isEmpty
            && key.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == 0x5F
            }
        if plain { return "." + key }
        var escaped = "[\""
        for scalar in key.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\u{08}": escaped += "\\b"
            case "\u{0C}": escaped += "\\f"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case "\u{00}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                escaped += "\\u00" + (hex.count == 1 ? "0" : "") + hex
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + "\"]"
    }
}
