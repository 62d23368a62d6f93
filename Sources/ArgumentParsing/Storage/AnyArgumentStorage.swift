/// The parser's type-erased handle on one declaration's storage.
protocol AnyArgumentStorage: AnyObject {
    var definition: ArgumentDefinition { get }
    /// Whether the declaration has a value: parsed, defaulted or optional.
    var isSatisfied: Bool { get }
    /// Reads one command-line value into the storage (appending for a repeating one); a
    /// flag is given its own name, and takes it as `true`.
    /// - Returns: `false` if the string is not a valid value; the storage is unchanged.
    func accept(_ argument: String) -> Bool
}
