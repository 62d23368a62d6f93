/// Thrown from `validate()` to reject a combination of values; the parser reports it as a
/// usage error, with the message as given.
///
/// ```swift
/// mutating func validate() throws {
///     guard (1...19).contains(level) else {
///         throw ValidationError("--level must be between 1 and 19, not \(level)")
///     }
/// }
/// ```
public struct ValidationError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The one-line message shown after `error: `.
    public var message: String

    /// Creates an error with a one-line message saying what is wrong and what to do.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
