/// A type whose values can be read from one command-line string.
///
/// `String`, `Int` and `Double` conform. An enum with `String` raw values gets everything
/// by declaring the conformance: its raw values are the accepted spellings, help shows
/// them as `<zstd|gzip|none>`, and an invalid value lists them.
///
/// ```swift
/// enum Compression: String, CaseIterable, ExpressibleByArgument {
///     case zstd, gzip, none
/// }
/// ```
public protocol ExpressibleByArgument {
    /// Reads a value from its command-line spelling, or returns `nil` if it is not one.
    /// - Parameter argument: The string as typed.
    init?(argument: String)

    /// Every accepted spelling, when the set is small enough to list; empty otherwise.
    ///
    /// When not empty, help shows the list as the value name and an invalid value is
    /// reported with the list.
    static var allValueStrings: [String] { get }

    /// What a valid value is, completing "expected …": `"an integer"`, `"one of zstd, gzip, none"`.
    static var expectedValueDescription: String { get }

    /// The value as help shows it in `(default: …)`.
    var defaultValueDescription: String { get }
}

extension ExpressibleByArgument {
    public static var allValueStrings: [String] { [] }

    /// `"one of a, b, c"` when the spellings are listable, else `"a valid value"`.
    public static var expectedValueDescription: String {
        allValueStrings.isEmpty ? "a valid value" : "one of " + allValueStrings.joined(separator: ", ")
    }

    public var defaultValueDescription: String { String(describing: self) }
}

extension ExpressibleByArgument where Self: CaseIterable, Self: RawRepresentable, RawValue == String {
    /// Reads the case whose raw value is `argument`, matched exactly.
    public init?(argument: String) {
        self.init(rawValue: argument)
    }

    /// The raw values of all cases, in declaration order.
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }

    public var defaultValueDescription: String { rawValue }
}
