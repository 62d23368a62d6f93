/// Quoting for the generated completion scripts.
enum ShellQuoting {
    /// `text` inside single quotes for bash and zsh, where nothing is special but the quote
    /// itself, which closes the string, is escaped and reopens it: `it's` → `'it'\''s'`.
    static func singleQuoted(_ text: String) -> String {
        "'" + text.replacing("'", with: #"'\''"#) + "'"
    }

    /// `text` inside single quotes for fish, where a backslash escapes a quote or a backslash.
    static func fishSingleQuoted(_ text: String) -> String {
        "'" + text.replacing(#"\"#, with: #"\\"#).replacing("'", with: #"\'"#) + "'"
    }

    /// A shell function name made from a command path: `_backupctl_export`.
    static func functionName(_ path: [String]) -> String {
        "_" + path.map { String($0.map { $0.isLetter || $0.isNumber ? $0 : "_" }) }.joined(separator: "_")
    }
}
