import ArgumentParsing

extension CommandInfo {
    /// The usage line, e.g. `backupctl import <file> [--store <path>] …`.
    public var usage: String { synopsis.joined(separator: " ") }
}
