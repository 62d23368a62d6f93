/// Everything the parser and the help generator know about one declaration, apart from
/// its value and the property name (which only reflection over the command reveals).
struct ArgumentDefinition {
    var kind: ArgumentInfo.Kind
    /// The names of an option or flag; `nil` for a positional argument.
    var names: NameSpecification?
    var help: ArgumentHelp
    /// Whether the declaration collects every occurrence into an array.
    var isRepeating: Bool
    /// Whether the command line must supply a value (no default and not optional).
    var isRequired: Bool
    /// The listable spellings of the value type, shown in help and in errors.
    var allValueStrings: [String]
    /// Completes "expected …" in an invalid-value error.
    var expectedValueDescription: String
    /// Shown in help as `(default: …)`; `nil` shows nothing.
    var defaultValueDescription: String?
    /// What shells complete the value with, when declared.
    var declaredCompletion: CompletionKind? = nil

    /// What shells complete the value with: the declared kind, else an enum's values, else
    /// nothing (as for a flag, which declares neither).
    var completion: CompletionKind? {
        declaredCompletion ?? (allValueStrings.isEmpty ? nil : .list(allValueStrings))
    }

    /// Whether the value is a path — declared with a `.file` or `.directory` completion — which
    /// the parser refuses when empty (``ArgumentParsingError/emptyPath(name:)``).
    var takesPath: Bool {
        switch declaredCompletion {
        case .file, .directory: true
        default: false
        }
    }
}
