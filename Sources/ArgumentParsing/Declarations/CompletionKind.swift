/// What a shell offers when completing an option's or argument's value.
///
/// ```swift
/// @Option(help: ArgumentHelp("The backup directory.", valueName: "dir"), completion: .directory)
/// var dir: String
/// ```
///
/// A declaration without one completes an enum's values (its `allValueStrings`) and nothing
/// for any other type.
public enum CompletionKind: Sendable, Hashable {
    /// File and directory names.
    case file
    /// Directory names only.
    case directory
    /// These words.
    case list([String])
}
