/// Limits the parser enforces on untrusted input.
public struct JSONParseOptions: Sendable, Equatable {
    /// The deepest nesting of arrays and objects accepted. DomainDig records nest about six
    /// levels; 64 leaves room for growth while keeping recursion on the stack shallow.
    public var maxDepth: Int

    /// The defaults: `maxDepth` 64.
    public static let `default` = JSONParseOptions(maxDepth: 64)

    /// - Parameter maxDepth: the deepest nesting accepted; at least 1.
    public init(maxDepth: Int = 64) {
        precondition(maxDepth >= 1, "maxDepth must be at least 1")
        self.maxDepth = maxDepth
    }
}
