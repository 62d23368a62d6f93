/// Text for a person's terminal, with the characters a terminal would act on written out.
///
/// What commands print quotes what they read: domain names and other values of a backup or a
/// store, the app name in a manifest, file names in a backup directory, keys of unknown
/// fields. A terminal obeys the control characters in such text — an escape sequence in a
/// crafted backup could clear the screen, retitle the window, set the clipboard (OSC 52) or
/// hide the line it is on — so all human output passes through here. (`--json` is for
/// programs: its strings escape U+0000–U+001F as JSON does and carry the rest as read.)
enum TerminalText {
    /// `text` with each character a terminal would act on written as `\u001b`: the C0
    /// controls but the line feed and the tab, DEL, the C1 controls, and the bidirectional
    /// overrides and isolates that reorder what a line shows (U+202A–U+202E, U+2066–U+2069).
    /// For text of several lines: a usage error, the question before what cannot be undone. A
    /// backslash is not escaped, so a value holding the six characters `\u001b` prints as an
    /// escaped ESC does.
    static func escapingControls(_ text: String) -> String {
        escaping(text, keepsLineBreaks: true)
    }

    /// `text`, which is one line by construction — a line of a report, a warning, an error, a
    /// hint, a table cell, a prompt — with the line feed and the tab written out too, so a
    /// value holding them cannot start a line of its own (a forged `Valid: …`) or shift a column.
    static func line(_ text: String) -> String {
        escaping(text, keepsLineBreaks: false)
    }

    private static func escaping(_ text: String, keepsLineBreaks: Bool) -> String {
        func isActedOn(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0x0A, 0x09: !keepsLineBreaks
            case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
            default: false
            }
        }
        guard text.unicodeScalars.contains(where: isActedOn) else { return text }
        var escaped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard isActedOn(scalar) else {
                escaped.append(scalar)
                continue
            }
            let hex = String(scalar.value, radix: 16)
            escaped.append(
                contentsOf: ("\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex).unicodeScalars)
        }
        return String(escaped)
    }
}
