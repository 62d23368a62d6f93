/// Declares a positional argument: a value identified by its place among the values
/// that are not options.
///
/// Arguments are taken in declaration order. A lone `-` is a value (by convention,
/// standard input), and everything after `--` is a value even if it starts with `-`.
///
/// ```swift
/// @Argument(help: ArgumentHelp("The backup to import, or - for standard input.", valueName: "file"))
/// var file: String                       // required
/// @Argument var limit: Int? = nil        // optional; must follow required arguments
/// @Argument var files: [String]          // the rest; must come last
/// ```
///
/// Every initializer takes `help`, the help text and value name, and `completion`, what
/// shells complete the value with (an enum's values by default).
@propertyWrapper
public struct Argument<Value> {
    var storage: ArgumentStorage<Value>

    /// The parsed value, or the default; a required argument must be parsed before it is read.
    public var wrappedValue: Value {
        get { storage.value }
        set { ArgumentStorage.write(newValue, into: &storage) }
    }
}

extension Argument where Value: ExpressibleByArgument {
    /// Declares an argument with a default value, used when it is absent.
    /// - Parameter wrappedValue: The default, shown in help.
    public init(wrappedValue: Value, help: ArgumentHelp? = nil, completion: CompletionKind? = nil) {
        storage = ArgumentStorage(
            kind: .positional, names: nil, help: help, completion: completion, defaultValue: wrappedValue)
    }

    /// Declares a required argument: parsing fails when it is absent.
    public init(help: ArgumentHelp? = nil, completion: CompletionKind? = nil) {
        storage = ArgumentStorage(kind: .positional, names: nil, help: help, completion: completion, defaultValue: nil)
    }
}

extension Argument {
    /// Declares an optional argument with an explicit initial value (usually `= nil`).
    /// - Parameter wrappedValue: The value when the argument is absent, shown in help unless `nil`.
    public init<Wrapped: ExpressibleByArgument>(
        wrappedValue: Wrapped?, help: ArgumentHelp? = nil, completion: CompletionKind? = nil
    )
    where Value == Wrapped? {
        storage = ArgumentStorage(
            kind: .positional, names: nil, help: help, completion: completion, optionalDefault: wrappedValue)
    }

    /// Declares an argument taking every remaining value; any value given replaces the values
    /// used when there are none.
    /// - Parameter wrappedValue: The values when none are given, shown in help unless empty.
    public init<Element: ExpressibleByArgument>(
        wrappedValue: [Element] = [], help: ArgumentHelp? = nil, completion: CompletionKind? = nil
    )
    where Value == [Element] {
        storage = ArgumentStorage(
            kind: .positional, names: nil, help: help, completion: completion, defaultValues: wrappedValue)
    }
}

extension Argument: ArgumentDeclarationSource {
    func declare(into signature: inout CommandSignature, propertyName: String) {
        signature.add(storage, propertyName: propertyName)
    }
}
