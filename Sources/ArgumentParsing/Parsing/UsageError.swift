/// A rejected command line: what went wrong, and the usage of the command involved.
///
/// A report for the caller to print (its `description`) before exiting with status 64;
/// the structured reason is ``ArgumentParsingError``.
public struct UsageError: CustomStringConvertible, Sendable, Equatable {
    /// The reason, structured.
    public var error: ArgumentParsingError
    /// The command names from the root, e.g. `["backupctl", "export"]`.
    public var commandPath: [String]
    let synopsis: UsageSynopsis

    /// The one-line reason, without `error: `.
    public var message: String { error.description }

    /// How to get more help: `See 'backupctl export --help' for more information.`
    public var helpHint: String {
        "See '\(commandPath.joined(separator: " ")) --help' for more information."
    }

    /// The complete text for standard error, without a trailing newline:
    ///
    /// ```
    /// error: invalid value 'abc' for --level: expected an integer
    /// Usage: backupctl export [--store <path>] [--output <file>]
    ///        [--compression <zstd|gzip|none>] [--level <n>] [--json] [--quiet]
    ///   See 'backupctl export --help' for more information.
    /// ```
    public var description: String {
        "error: \(message)\n\(synopsis.wrapped(prefix: "Usage:"))\n  \(helpHint)"
    }
}
