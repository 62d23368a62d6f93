/// One option, flag or positional argument of a command, as plain values: what the
/// completion scripts and the manual page are generated from, and what tests compare them
/// with.
public struct ArgumentInfo: Sendable, Hashable {
    /// How the argument is given.
    public enum Kind: Sendable, Hashable {
        /// `--name value`.
        case option
        /// `--name`, without a value.
        case flag
        /// A value identified by its position.
        case positional
    }

    public var kind: Kind
    /// The names as typed, short first (`["-o", "--output"]`); empty for a positional argument.
    public var names: [String]
    /// The value's placeholder without angle brackets (`file`, `zstd|gzip|none`); `nil` for a flag.
    public var valueName: String? = nil
    /// The one-line description.
    public var abstract: String
    /// Further lines of description.
    public var discussion = ""
    /// The default as help shows it, if there is one.
    public var defaultValue: String? = nil
    /// Whether the command line must supply it.
    public var isRequired = false
    /// Whether it collects every occurrence.
    public var isRepeating = false
    /// What shells complete its value with; `nil` for nothing (and for every flag).
    public var completion: CompletionKind? = nil

    /// The long names without their dashes (`output`).
    public var longNames: [String] {
        names.filter { $0.hasPrefix("--") }.map { String($0.dropFirst(2)) }
    }

    /// The abstract, then `(default: …)` when there is a default: the help beside the names.
    var helpText: String {
        guard let defaultValue else { return abstract }
        return abstract + (abstract.isEmpty ? "" : " ") + "(default: \(defaultValue))"
    }

    /// The short names without their dash (`o`).
    public var shortNames: [String] {
        names.filter { !$0.hasPrefix("--") }.map { String($0.dropFirst()) }
    }
}

// In an extension, so that Swift still synthesizes the memberwise init the ones below use.
extension ArgumentInfo {
    /// `-h, --help`, which every command answers to.
    static let help = ArgumentInfo(kind: .flag, names: ["-h", "--help"], abstract: "Show help information.")
    /// `--version`, which a command with a configured version answers to.
    static let version = ArgumentInfo(kind: .flag, names: ["--version"], abstract: "Show the version.")

    /// The values of a declaration found by reflection.
    init(_ argument: DeclaredArgument) {
        let definition = argument.definition
        self.init(
            kind: definition.kind, names: argument.names.map(String.init(describing:)),
            valueName: definition.kind == .flag ? nil : argument.valueName, abstract: definition.help.abstract,
            discussion: definition.help.discussion, defaultValue: definition.defaultValueDescription,
            isRequired: definition.isRequired, isRepeating: definition.isRepeating,
            completion: definition.completion)
    }
}
