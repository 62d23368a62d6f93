/// The declarations of one command instance, found by reflecting over its stored
/// properties for `@Option`, `@Flag`, `@Argument` and `@OptionGroup` wrappers.
///
/// Built fresh for each parse: its storages are the ones inside that instance, so filling
/// them fills the command.
struct CommandSignature {
    private(set) var arguments: [DeclaredArgument] = []
    private(set) var groups: [any AnyGroupStorage] = []
    private var argumentIndexByName: [ArgumentName: Int] = [:]

    /// Reflects over `instance` (a command or argument group) and the groups it embeds.
    init(reflecting instance: Any) {
        collect(from: instance)
        checkPositionalOrder()
    }

    /// Options and flags, in declaration order.
    var namedArguments: [DeclaredArgument] { arguments.filter { $0.definition.kind != .positional } }

    /// Positional arguments, in declaration order.
    var positionalArguments: [DeclaredArgument] { arguments.filter { $0.definition.kind == .positional } }

    /// The option or flag answering to `name`, if any.
    func argument(named name: ArgumentName) -> DeclaredArgument? {
        argumentIndexByName[name].map { arguments[$0] }
    }

    mutating func add(_ storage: any AnyArgumentStorage, propertyName: String) {
        let names = storage.definition.names?.resolvedNames(propertyName: propertyName) ?? []
        for name in names {
            precondition(argumentIndexByName[name] == nil, "two declarations use the name '\(name)'")
            argumentIndexByName[name] = arguments.count
        }
        arguments.append(DeclaredArgument(propertyName: propertyName, names: names, storage: storage))
    }

    mutating func add(_ group: any AnyGroupStorage) {
        groups.append(group)
        collect(from: group.reflectedValue)
    }

    private mutating func collect(from instance: Any) {
        for child in Mirror(reflecting: instance).children {
            guard let label = child.label, let source = child.value as? any ArgumentDeclarationSource else {
                continue
            }
            let propertyName = label.hasPrefix("_") ? String(label.dropFirst()) : label
            source.declare(into: &self, propertyName: propertyName)
        }
    }

    /// Positional values are assigned in declaration order, so a required argument after
    /// an optional one, or any argument after a repeating one, could never be filled.
    private func checkPositionalOrder() {
        var seenOptional = false
        for (index, argument) in positionalArguments.enumerated() {
            let definition = argument.definition
            precondition(
                !definition.isRepeating || index == positionalArguments.count - 1,
                "the repeating argument '\(argument.propertyName)' must be the last argument")
            precondition(
                !(seenOptional && definition.isRequired),
                "the required argument '\(argument.propertyName)' must come before optional arguments")
            if !definition.isRequired { seenOptional = true }
        }
    }
}
