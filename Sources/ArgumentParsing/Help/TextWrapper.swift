/// Wraps help text at word boundaries for an 80-column terminal.
enum TextWrapper {
    /// The width help and usage text is wrapped to.
    static let screenWidth = 80

    /// Wraps each line of `text` separately, keeping blank lines; words longer than
    /// `width` stand alone on their line.
    /// - Returns: The lines, without indentation.
    static func wrap(_ text: String, width: Int) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line -> [String] in
            let words = line.split(separator: " ").map(String.init)
            return words.isEmpty ? [""] : fill(words, firstWidth: width, width: width)
        }
    }

    /// Greedy filling: as many units per line as fit, joined with spaces; at least one line.
    static func fill(_ units: [String], firstWidth: Int, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for unit in units {
            let limit = lines.isEmpty ? firstWidth : width
            if current.isEmpty {
                current = unit
            } else if current.count + 1 + unit.count <= limit {
                current += " " + unit
            } else {
                lines.append(current)
                current = unit
            }
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }
}
