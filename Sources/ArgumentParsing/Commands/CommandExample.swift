/// One example of a command in use: what it does, and the command line that does it.
///
/// Listed in the command's configuration, examples appear under EXAMPLES in its help and in
/// the manual page, from the same declaration:
///
/// ```swift
/// CommandExample("Stream a backup to another machine", "backupctl export -o - | ssh host 'cat > b.ddbackup'")
/// ```
public struct CommandExample: Sendable, Hashable {
    /// What the example does, as a short phrase without a final period.
    public var summary: String
    /// The command line, exactly as it would be typed in a shell; several lines (commands,
    /// or one continued with a backslash) are shown one under the other. It is never wrapped,
    /// so keep each of its lines within 78 columns for an 80-column help screen.
    public var commandLine: String

    public init(_ summary: String, _ commandLine: String) {
        self.summary = summary
        self.commandLine = commandLine
    }
}
