import Foundation

/// Number formats shared by the commands' human output.
enum Formatting {
    /// `345.9 KB`, `1.2 MB`, `812 B` (decimal units, as `ls -h --si`).
    static func bytes(_ count: Int64) -> String {
        let units = [("GB", 1e9), ("MB", 1e6), ("KB", 1e3)]
        for (name, size) in units where Double(count) >= size {
            return String(format: "%.1f %@", Double(count) / size, name)
        }
        return "\(count) B"
    }

    /// `0.12 s`.
    static func seconds(_ interval: TimeInterval) -> String {
        String(format: "%.2f s", interval)
    }

    /// `19.6 MB in 0.19 s (103.2 MB/s)`: how long some bytes took, for `--verbose`.
    static func throughput(_ bytes: Int64, in interval: TimeInterval) -> String {
        let rate = interval > 0 ? Int64((Double(bytes) / interval).rounded()) : 0
        return "\(Formatting.bytes(bytes)) in \(seconds(interval))" + (rate > 0 ? " (\(Formatting.bytes(rate))/s)" : "")
    }

    /// `8.4×`.
    static func ratio(_ value: Double) -> String {
        String(format: "%.1f×", value)
    }

    /// `text` as one shell word: as it is when it holds only characters no shell treats
    /// specially, else in single quotes (a `'` inside written `'\''`), so a printed command
    /// runs as printed.
    static func shellQuoted(_ text: String) -> String {
        let plain =
            !text.isEmpty
            && text.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (CharacterSet.alphanumerics.contains(scalar) || "/._-+:,@%=".unicodeScalars.contains(scalar))
            }
        return plain ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Rows padded into columns, a line each: the first left-aligned, the rest right-aligned.
    static func table(_ rows: [[String]], indent: String = "  ") -> [String] {
        // Cells quote names read from a store or a directory: written out before they are measured.
        let rows = rows.map { $0.map(TerminalText.line) }
        guard let columns = rows.map(\.count).max() else { return [] }
        let widths = (0..<columns).map { column in
            rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0
        }
        return rows.map { row in
            indent
                + row.enumerated().map { index, cell in
                    index == 0
                        ? cell.padding(toLength: widths[0], withPad: " ", startingAt: 0)
                        : cell.leftPadded(to: widths[index])
                }.joined(separator: "  ")
        }
    }
}
