/// One declaration of a command, with the names reflection revealed.
struct DeclaredArgument {
    /// The property name, e.g. `keepLast`.
    let propertyName: String
    /// The option's or flag's names, short first; empty for a positional argument.
    let names: [ArgumentName]
    let storage: any AnyArgumentStorage

    var definition: ArgumentDefinition { storage.definition }

    /// Reads `value` into the storage; else the error, naming the declaration `name`: a path
    /// must not be empty, and the value must be one its type accepts.
    func accept(_ value: String, as name: String) -> ArgumentParsingError? {
        if value.isEmpty, definition.takesPath { return .emptyPath(name: name) }
        return storage.accept(value)
            ? nil : .invalidValue(value, name: name, expected: definition.expectedValueDescription)
    }

    /// The placeholder for the value, without angle brackets.
    var valueName: String {
        if let valueName = definition.help.valueName { return valueName }
        if !definition.allValueStrings.isEmpty { return definition.allValueStrings.joined(separator: "|") }
        return propertyName.kebabCased
    }

    /// How usage and messages show this declaration, by its first long name, else its short
    /// one: `--level <n>`, `--json`, `<file>`.
    var synopsisLabel: String {
        label(names: (names.first { !$0.isShort } ?? names.first).map(String.init(describing:)) ?? "")
    }

    /// How the help's ARGUMENTS and OPTIONS sections label it: `-o, --output <file>`.
    var helpLabel: String {
        let label = label(names: names.map(String.init(describing:)).joined(separator: ", "))
        return definition.kind == .positional && definition.isRepeating ? label + " ..." : label
    }

    /// The names given, followed by the value's placeholder when it takes one.
    private func label(names: String) -> String {
        switch definition.kind {
        case .option: "\(names) <\(valueName)>"
        case .flag: names
        case .positional: "<\(valueName)>"
        }
    }
}
