/// The storage of a declaration that takes a value, built the same way for an option and a
/// positional argument: they differ only in `kind` and `names`.
extension ArgumentStorage where Value: ExpressibleByArgument {
    /// Storage for a single value: defaulted, or required when `defaultValue` is `nil`.
    convenience init(
        kind: ArgumentInfo.Kind, names: NameSpecification?, help: ArgumentHelp?,
        completion: CompletionKind?, defaultValue: Value?
    ) {
        let definition = ArgumentDefinition.value(
            of: Value.self, kind: kind, names: names, help: help, isRepeating: false,
            isRequired: defaultValue == nil, defaultValueDescription: defaultValue?.defaultValueDescription,
            completion: completion)
        self.init(definition: definition, defaultValue: defaultValue) { argument, _ in
            Value(argument: argument)
        }
    }
}

extension ArgumentStorage {
    /// Storage for an optional value, `optionalDefault` when absent (shown in help unless `nil`).
    convenience init<Wrapped: ExpressibleByArgument>(
        kind: ArgumentInfo.Kind, names: NameSpecification?, help: ArgumentHelp?,
        completion: CompletionKind?, optionalDefault: Wrapped?
    ) where Value == Wrapped? {
        let definition = ArgumentDefinition.value(
            of: Wrapped.self, kind: kind, names: names, help: help, isRepeating: false,
            isRequired: false, defaultValueDescription: optionalDefault?.defaultValueDescription,
            completion: completion)
        self.init(definition: definition, defaultValue: .some(optionalDefault)) { argument, _ in
            Wrapped(argument: argument).map { .some($0) }
        }
    }

    /// Storage collecting every occurrence in order; `defaultValues` when there are none
    /// (shown in help unless empty), replaced by the first value given.
    convenience init<Element: ExpressibleByArgument>(
        kind: ArgumentInfo.Kind, names: NameSpecification?, help: ArgumentHelp?,
        completion: CompletionKind?, defaultValues: [Element]
    ) where Value == [Element] {
        let shownDefault =
            defaultValues.isEmpty
            ? nil : defaultValues.map(\.defaultValueDescription).joined(separator: ", ")
        let definition = ArgumentDefinition.value(
            of: Element.self, kind: kind, names: names, help: help, isRepeating: true,
            isRequired: false, defaultValueDescription: shownDefault, completion: completion)
        self.init(definition: definition, defaultValue: defaultValues) { argument, parsedSoFar in
            Element(argument: argument).map { (parsedSoFar ?? []) + [$0] }
        }
    }
}
