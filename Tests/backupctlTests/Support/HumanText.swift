import Foundation

/// How text output writes numbers, worked out here independently of backupctl's code.
enum HumanText {
    /// A byte count: decimal units with one decimal (`10.6 KB`, `1.2 MB`), and bytes as they
    /// are below 1000 (`540 B`).
    static func bytes(_ count: Int) -> String {
        for (unit, size) in [("GB", 1e9), ("MB", 1e6), ("KB", 1e3)] where Double(count) >= size {
            return String(format: "%.1f %@", Double(count) / size, unit)
        }
        return "\(count) B"
    }
}
