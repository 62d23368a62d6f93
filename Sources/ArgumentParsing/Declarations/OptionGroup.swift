/// Embeds a ``ParsableArguments`` struct's declarations in a command, as if they were
/// declared in the command itself.
///
/// ```swift
/// struct Export: ParsableCommand {
///     @OptionGroup var common: CommonOptions   // adds --json and --quiet
/// }
/// ```
///
/// The group's `validate()` runs before the command's.
@propertyWrapper
public struct OptionGroup<Group: ParsableArguments> {
    var storage: GroupStorage<Group>

    /// The group, with its declarations filled by the parser.
    public var wrappedValue: Group {
        get { storage.value }
        set {
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            storage.value = newValue
        }
    }

    public init() {
        storage = GroupStorage(value: Group())
    }
}

extension OptionGroup: ArgumentDeclarationSource {
    func declare(into signature: inout CommandSignature, propertyName: String) {
        signature.add(storage)
    }
}
