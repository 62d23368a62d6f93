/// Text for a person's terminal, with the characters a terminal would act on written out.
///
/// What commands print quotes what they read: domain names and other values of a backup or a
/// store, the app name in a manifest, file names in a backup directory, keys of unknown
/// fields. A terminal obeys the control characters in such text — an escape sequence in a
/// crafted backup could clear the screen, retitle the window, set the clipboard (OSC 52) or
/// hide the line it is on — so every line of human output passes through here. `--json`
/// output needs nothing of this: JSON escapes every control character already.
enum TerminalText {
    /// `text` with each character a terminal would act on written as `\u001b` (as JSON writes
    /// it): the C0 controls but the line feed and the tab, DEL, the C1 controls, and the
    /// bidirectional overrides and isolates that reorder what a line shows (U+202A–U+202E,
    /// U+2066–U+2069). Text without any comes back as it is.
    static func escapingControls(_ text: String) -> String {
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

    private static func isActedOn(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
