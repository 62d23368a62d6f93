/// Escaping for man(7) source, so that any help text renders as written.
enum Roff {
    /// groff's names for the typographic characters help texts use; every output device,
    /// plain ASCII included, has a way to draw these.
    private static let namedGlyphs: [Unicode.Scalar: String] = [
        "\u{2014}": #"\(em"#, "\u{2013}": #"\(en"#, "\u{2026}": "...", "\u{2192}": #"\(->"#,
        "\u{2190}": #"\(<-"#, "\u{00D7}": #"\(mu"#, "\u{2264}": #"\(<="#, "\u{2265}": #"\(>="#,
        "\u{2018}": #"\(oq"#, "\u{2019}": #"\(cq"#, "\u{201C}": #"\(lq"#, "\u{201D}": #"\(rq"#,
    ]

    /// `text` as roff source for one line of running text: backslashes and minus signs
    /// escaped (`-` would print as a hyphen, which breaks an option name copied from the
    /// page), typographic characters by their groff names and any other non-ASCII character
    /// as a `\[uXXXX]` glyph (so the page does not depend on the input encoding), and a `.`
    /// or `'` at the start kept from reading as a request.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if let glyph = namedGlyphs[scalar] {
                result += glyph
                continue
            }
            switch scalar {
            case "\\": result += #"\e"#
            case "-": result += #"\-"#
            case _ where !scalar.isASCII:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += #"\[u"# + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            default: result.unicodeScalars.append(scalar)
            }
        }
        if result.hasPrefix(".") || result.hasPrefix("'") { result = #"\&"# + result }
        return result
    }

    /// `text` in bold.
    static func bold(_ text: String) -> String {
        #"\fB"# + escaped(text) + #"\fR"#
    }

    /// `text` in italics, the convention for a value to be replaced.
    static func italic(_ text: String) -> String {
        #"\fI"# + escaped(text) + #"\fR"#
    }

    /// A piece of a usage line, with its `<placeholders>` in italics and its blanks
    /// unbreakable: `[--store <path>]` becomes `[\-\-store\~\fIpath\fR]`.
    static func usage(_ line: String) -> String {
        var result = ""
        var rest = line[...]
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            result += escaped(String(rest[..<open])) + italic(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return (result + escaped(String(rest))).replacing(" ", with: #"\~"#)
    }

    /// `text` as running paragraphs: each of its lines becomes one paragraph.
    static func paragraphs(_ text: String) -> [String] {
        text.split(separator: "\n").flatMap { [".PP", escaped(String($0))] }
    }
}
