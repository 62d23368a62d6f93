/// Declares a flag: a name without a value, `true` when present.
///
/// ```swift
/// @Flag(help: "Check the file without writing anything.") var dryRun = false   // --dry-run
/// @Flag(name: .customLong("no-safety-snapshot")) var skipSnapshot = false
/// ```
///
/// A flag may be repeated; `--dry-run=yes` is an error, since a flag takes no value.
@propertyWrapper
public struct Flag {
    var storage: ArgumentStorage<Bool>

    /// Whether the flag appeared on the command line.
    public var wrappedValue: Bool {
        get { storage.value }
        set { ArgumentStorage.write(newValue, into: &storage) }
    }

    /// Declares a flag that is `false` unless given.
    /// - Parameters:
    ///   - wrappedValue: Must be `false`: a flag can only switch something on.
    ///   - name: The flag's names; the property name in kebab case by default.
    ///   - help: The help text.
    public init(wrappedValue: Bool, name: NameSpecification = .long, help: ArgumentHelp? = nil) {
        precondition(!wrappedValue, "a flag must default to false; name it for what it switches on")
        let definition = ArgumentDefinition(
            kind: .flag, names: name, help: help ?? ArgumentHelp(), isRepeating: false, isRequired: false,
            allValueStrings: [], expectedValueDescription: "", defaultValueDescription: nil)
        storage = ArgumentStorage(definition: definition, defaultValue: false) { _, _ in true }
    }
}

extension Flag: ArgumentDeclarationSource {
    func declare(into signature: inout CommandSignature, propertyName: String) {
        signature.add(storage, propertyName: propertyName)
    }
}
