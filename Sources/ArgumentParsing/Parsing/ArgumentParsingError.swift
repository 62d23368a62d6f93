/// Why a command line was rejected; each description is the one-line message shown after
/// `error: `.
public enum ArgumentParsingError: Error, CustomStringConvertible, Equatable, Sendable {
    /// An option or flag no declaration answers to, with the closest known name if one
    /// is obvious.
    case unknownOption(String, suggestion: String?)
    /// An option at the end of the command line, or followed by another option.
    case missingValue(option: String)
    /// A flag given a value with `=`.
    case unexpectedValue(flag: String, value: String)
    /// A required option that is absent, labelled as in usage (`--dir <dir>`).
    case missingOption(String)
    /// A required positional argument that is absent, labelled as in usage (`<file>`).
    case missingArgument(String)
    /// A value its type does not accept.
    case invalidValue(String, name: String, expected: String)
    /// An empty value for an option or argument that takes a path (declared with a `.file` or
    /// `.directory` completion): it names nothing, and taken as it is would mean the current
    /// folder or a default.
    case emptyPath(name: String)
    /// A positional value beyond those the command declares.
    case unexpectedArgument(String)
    /// A name that is not a subcommand of the command it follows.
    case unknownSubcommand(String, suggestion: String?, available: [String])
    /// A rejection from a command's `validate()`.
    case validationFailed(String)

    /// The one-line message, lower-case so that it reads well after `error: `.
    public var description: String {
        switch self {
        case .unknownOption(let name, let suggestion):
            suggestion.map { "unknown option '\(name)'; did you mean '\($0)'?" } ?? "unknown option '\(name)'"
        case .missingValue(let option): "missing value for option '\(option)'"
        case .unexpectedValue(let flag, let value): "flag '\(flag)' does not take a value, but was given '\(value)'"
        case .missingOption(let label): "missing required option '\(label)'"
        case .missingArgument(let label): "missing required argument '\(label)'"
        case .invalidValue(let value, let name, let expected):
            "invalid value '\(value)' for \(name): expected \(expected)"
        case .emptyPath(let name): "\(name) is an empty path, which names no file or folder; pass a path"
        case .unexpectedArgument(let value): "unexpected argument '\(value)'"
        case .unknownSubcommand(let name, let suggestion, let available):
            suggestion.map { "unknown subcommand '\(name)'; did you mean '\($0)'?" }
                ?? "unknown subcommand '\(name)'; expected one of \(available.joined(separator: ", "))"
        case .validationFailed(let message): message
        }
    }
}
