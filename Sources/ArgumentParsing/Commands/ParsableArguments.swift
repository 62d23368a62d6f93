/// A type whose stored properties are declared with `@Option`, `@Flag`, `@Argument` and
/// `@OptionGroup`, so that the parser can fill them from the command line.
///
/// The same declarations drive parsing and the generated help, so a value can never be
/// accepted without being documented. Share a group of options between commands by
/// declaring them in a `ParsableArguments` struct and embedding it with `@OptionGroup`:
///
/// ```swift
/// struct OutputOptions: ParsableArguments {
///     @Flag(help: "Print one JSON document on standard output.") var json = false
///     @Flag(help: "Print nothing but errors.") var quiet = false
/// }
/// ```
public protocol ParsableArguments {
    /// Creates a value with every declaration unfilled; the parser fills it afterwards.
    init()

    /// Checks the parsed values together, after every declaration has been filled.
    ///
    /// Throw a ``ValidationError`` to reject the command line; the parser reports it as a
    /// usage error with the command's usage text. The default does nothing.
    /// - Throws: ``ValidationError`` (or any error, reported with its description).
    mutating func validate() throws
}

extension ParsableArguments {
    /// Accepts every combination of values; declare your own `validate()` to check more.
    public mutating func validate() throws {}
}
