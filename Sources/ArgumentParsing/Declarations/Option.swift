/// Declares an option: a named value, `--name value`, `--name=value` or `-n value`.
///
/// The property's type decides the shape:
///
/// ```swift
/// @Option var level: Int                 // required
/// @Option var level = 3                  // defaults to 3, shown in help
/// @Option var store: String?             // optional
/// @Option var keepLast: [Int]            // repeatable: --keep-last 1 --keep-last 2
/// @Option(name: [.short("o"), .long], help: ArgumentHelp("Where to write.", valueName: "file"))
/// var output: String?
/// ```
///
/// When an option appears more than once and is not an array, the last value wins.
///
/// Every initializer takes `name`, the option's names (the property name in kebab case by
/// default); `help`, the help text and value name; and `completion`, what shells complete the
/// value with (an enum's values by default).
@propertyWrapper
public struct Option<Value> {
    var storage: ArgumentStorage<Value>

    /// The parsed value, or the default; a required option must be parsed before it is read.
    public var wrappedValue: Value {
        get { storage.value }
        set { ArgumentStorage.write(newValue, into: &storage) }
    }
}

extension Option where Value: ExpressibleByArgument {
    /// Declares an option with a default value, used when the option is absent.
    /// - Parameter wrappedValue: The default, shown in help.
    public init(
        wrappedValue: Value, name: NameSpecification = .long, help: ArgumentHelp? = nil,
        completion: CompletionKind? = nil
    ) {
        storage = ArgumentStorage(
            kind: .option, names: name, help: help, completion: completion, defaultValue: wrappedValue)
    }

    /// Declares a required option: parsing fails when it is absent.
    public init(name: NameSpecification = .long, help: ArgumentHelp? = nil, completion: CompletionKind? = nil) {
        storage = ArgumentStorage(kind: .option, names: name, help: help, completion: completion, defaultValue: nil)
    }
}

extension Option {
    /// Declares an optional option.
    /// - Parameter wrappedValue: The value when the option is absent, `nil` unless given.
    public init<Wrapped: ExpressibleByArgument>(
        wrappedValue: Wrapped? = nil, name: NameSpecification = .long, help: ArgumentHelp? = nil,
        completion: CompletionKind? = nil
    ) where Value == Wrapped? {
        storage = ArgumentStorage(
            kind: .option, names: name, help: help, completion: completion, optionalDefault: wrappedValue)
    }

    /// Declares a repeatable option collecting every occurrence, in order; any occurrence
    /// replaces the values used when it is absent.
    /// - Parameter wrappedValue: The values when the option is absent, shown in help unless empty.
    public init<Element: ExpressibleByArgument>(
        wrappedValue: [Element] = [], name: NameSpecification = .long, help: ArgumentHelp? = nil,
        completion: CompletionKind? = nil
    ) where Value == [Element] {
        storage = ArgumentStorage(
            kind: .option, names: name, help: help, completion: completion, defaultValues: wrappedValue)
    }
}

extension Option: ArgumentDeclarationSource {
    func declare(into signature: inout CommandSignature, propertyName: String) {
        signature.add(storage, propertyName: propertyName)
    }
}
