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
@propertyWrapper
public struct Option<Value> {
    var storage: ArgumentStorage<Value>

    /// The parsed value, or the default; a required option must be parsed before it is read.
    public var wrappedValue: Value {
        get { storage.value }
        set {
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            storage.value = newValue
        }
    }
}

extension Option where Value: ExpressibleByArgument {
    /// Declares an option with a default value, used when the option is absent.
    /// - Parameters:
    ///   - wrappedValue: The default, shown in help.
    ///   - name: The option's names; the property name in kebab case by default.
    ///   - help: The help text and value name.
    public init(wrappedValue: Value, name: NameSpecification = .long, help: ArgumentHelp? = nil) {
        let definition = ArgumentDefinition.value(
            of: Value.self, kind: .option, names: name, help: help, isRepeating: false,
            isRequired: false, defaultValueDescription: wrappedValue.defaultValueDescription)
        storage = ArgumentStorage(definition: definition, defaultValue: wrappedValue) { argument, _ in
            Value(argument: argument)
        }
    }

    /// Declares a required option: parsing fails when it is absent.
    /// - Parameters:
    ///   - name: The option's names; the property name in kebab case by default.
    ///   - help: The help text and value name.
    public init(name: NameSpecification = .long, help: ArgumentHelp? = nil) {
        let definition = ArgumentDefinition.value(
            of: Value.self, kind: .option, names: name, help: help, isRepeating: false,
            isRequired: true, defaultValueDescription: nil)
        storage = ArgumentStorage(definition: definition, defaultValue: nil) { argument, _ in
            Value(argument: argument)
        }
    }
}

extension Option {
    /// Declares an optional option, `nil` when absent.
    /// - Parameters:
    ///   - name: The option's names; the property name in kebab case by default.
    ///   - help: The help text and value name.
    public init<Wrapped: ExpressibleByArgument>(name: NameSpecification = .long, help: ArgumentHelp? = nil)
    where Value == Wrapped? {
        self.init(optionalDefault: nil, name: name, help: help)
    }

    /// Declares an optional option with an explicit initial value (usually `= nil`).
    /// - Parameters:
    ///   - wrappedValue: The value when the option is absent.
    ///   - name: The option's names; the property name in kebab case by default.
    ///   - help: The help text and value name.
    public init<Wrapped: ExpressibleByArgument>(
        wrappedValue: Wrapped?, name: NameSpecification = .long, help: ArgumentHelp? = nil
    ) where Value == Wrapped? {
        self.init(optionalDefault: wrappedValue, name: name, help: help)
    }

    private init<Wrapped: ExpressibleByArgument>(
        optionalDefault: Wrapped?, name: NameSpecification, help: ArgumentHelp?
    )
    where Value == Wrapped? {
        let definition = ArgumentDefinition.value(
            of: Wrapped.self, kind: .option, names: name, help: help, isRepeating: false,
            isRequired: false, defaultValueDescription: optionalDefault?.defaultValueDescription)
        storage = ArgumentStorage(definition: definition, defaultValue: .some(optionalDefault)) { argument, _ in
            Wrapped(argument: argument).map { .some($0) }
        }
    }

    /// Declares a repeatable option collecting every occurrence, in order; empty when absent.
    /// - Parameters:
    ///   - name: The option's names; the property name in kebab case by default.
    ///   - help: The help text and value name.
    public init<Element: ExpressibleByArgument>(name: NameSpecification = .long, help: ArgumentHelp? = nil)
    where Value == [Element] {
        self.init(wrappedValue: [], name: name, help: help)
    }

    /// Declares a repeatable option with values used when it is absent; any occurrence
    /// replaces them.
    /// - Parameters:
    ///   - wrappedValue: The values when the option is absent, shown in help unless empty.
    ///   - name: The option's names; the property name in kebab case by default.
    ///   - help: The help text and value name.
    public init<Element: ExpressibleByArgument>(
        wrappedValue: [Element], name: NameSpecification = .long, help: ArgumentHelp? = nil
    ) where Value == [Element] {
        let shownDefault = wrappedValue.isEmpty
            ? nil : wrappedValue.map(\.defaultValueDescription).joined(separator: ", ")
        let definition = ArgumentDefinition.value(
            of: Element.self, kind: .option, names: name, help: help, isRepeating: true,
            isRequired: false, defaultValueDescription: shownDefault)
        storage = ArgumentStorage(definition: definition, defaultValue: wrappedValue) { argument, parsedSoFar in
            Element(argument: argument).map { (parsedSoFar ?? []) + [$0] }
        }
    }
}

extension Option: ArgumentDeclarationSource {
    func declare(into signature: inout CommandSignature, propertyName: String) {
        signature.add(storage, propertyName: propertyName)
    }
}
