/// The help shown for one option, flag or argument.
///
/// A string literal is an abstract alone: `@Flag(help: "Check without writing.")`.
/// Give a value name to show in place of the property name:
///
/// ```swift
/// @Option(help: ArgumentHelp("The store to use.", valueName: "path")) var store: String?
/// // help: --store <path>    The store to use.
/// ```
///
/// For an enum conforming to ``ExpressibleByArgument``, the value name defaults to its
/// allowed values, e.g. `<zstd|gzip|none>`.
public struct ArgumentHelp: Sendable, Hashable, ExpressibleByStringLiteral {
    /// The one-line description, printed beside the name.
    public var abstract: String
    /// Further lines, printed below the abstract in the same column.
    public var discussion: String
    /// The placeholder for the value, without angle brackets (`"path"` shows `<path>`);
    /// `nil` uses the allowed values of an enum, else the property name in kebab case.
    public var valueName: String?

    public init(_ abstract: String = "", discussion: String = "", valueName: String? = nil) {
        self.abstract = abstract
        self.discussion = discussion
        self.valueName = valueName
    }

    /// Creates help from a string literal, which becomes the abstract.
    public init(stringLiteral abstract: String) {
        self.init(abstract)
    }
}
