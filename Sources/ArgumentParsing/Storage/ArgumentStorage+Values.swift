/// The storage of a declaration that takes a value, built the same way for an option and a
/// positional argument: they differ only in `kind` and `names`.
extension ArgumentStorage {
    /// Storage for a single value: defaulted, or required when `defaultValue` is `nil`.
    convenience init(
        kind: ArgumentInfo.Kind, names: NameSpecification?, help: ArgumentHelp?,
        completion: CompletionKind?, defaultValue: Value?
    ) where Value: ExpressibleByArgument {
        self.init(
            reading: Value.self, kind: kind, names: names, help: help, completion: completion, isRepeating: false,
            defaultValue: defaultValue, shownDefault: defaultValue?.defaultValueDescription
        ) { value, _ in value }
    }

    /// Storage for an optional value, `optionalDefault` when absent (shown in help unless `nil`).
    convenience init<Wrapped: ExpressibleByArgument>(
        kind: ArgumentInfo.Kind, names: NameSpecification?, help: ArgumentHelp?,
        completion: CompletionKind?, optionalDefault: Wrapped?
    ) where Value == Wrapped? {
        self.init(
            reading: Wrapped.self, kind: kind, names: names, help: help, completion: completion, isRepeating: false,
            defaultValue: .some(optionalDefault), shownDefault: optionalDefault?.defaultValueDescription
        ) { value, _ in value }
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
        self.init(
            reading: Element.self, kind: kind, names: names, help: help, completion: completion, isRepeating: true,
            defaultValue: defaultValues, shownDefault: shownDefault
        ) { value, parsedSoFar in (parsedSoFar ?? []) + [value] }
    }

    /// Storage whose command-line strings are values of `T`, each combined with the value
    /// parsed so far by `combine`; required when `defaultValue` is `nil`.
    private convenience init<T: ExpressibleByArgument>(
        reading type: T.Type, kind: ArgumentInfo.Kind, names: NameSpecification?, help: ArgumentHelp?,
        completion: CompletionKind?, isRepeating: Bool, defaultValue: Value?, shownDefault: String?,
        combine: @escaping (_ value: T, _ parsedSoFar: Value?) -> Value
    ) {
        let definition = ArgumentDefinition(
            kind: kind, names: names, help: help ?? ArgumentHelp(), isRepeating: isRepeating,
            isRequired: defaultValue == nil, allValueStrings: T.allValueStrings,
            expectedValueDescription: T.expectedValueDescription, defaultValueDescription: shownDefault,
            declaredCompletion: completion)
        self.init(definition: definition, defaultValue: defaultValue) { argument, parsedSoFar in
            T(argument: argument).map { combine($0, parsedSoFar) }
        }
    }
}
