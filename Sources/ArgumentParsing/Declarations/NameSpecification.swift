/// The names an option or flag answers to on the command line.
///
/// With no `name:` argument a declaration gets `.long`: the property name in kebab case
/// (`noSafetySnapshot` becomes `--no-safety-snapshot`). Combine names in an array literal:
///
/// ```swift
/// @Option(name: [.short("o"), .long]) var output: String?          // -o, --output
/// @Flag(name: .customLong("no-snapshot")) var skipSnapshot = false  // --no-snapshot
/// ```
public struct NameSpecification: Sendable, Hashable, ExpressibleByArrayLiteral {
    /// One name of an option or flag.
    public enum Element: Sendable, Hashable {
        /// `--` and the property name in kebab case.
        case long
        /// `--` and the given name, which must not start with `-`.
        case customLong(String)
        /// `-` and the given character.
        case short(Character)
    }

    /// The names, in the order given.
    public var elements: [Element]

    /// Creates a specification from an array literal such as `[.short("o"), .long]`; an empty
    /// list is a programming error.
    public init(arrayLiteral elements: Element...) {
        precondition(!elements.isEmpty, "an option or flag needs at least one name")
        self.elements = elements
    }

    /// The property name in kebab case, after `--`.
    public static var long: NameSpecification { [.long] }

    /// The given long name, after `--`.
    /// - Parameter name: The name without leading dashes, e.g. `"no-safety-snapshot"`.
    public static func customLong(_ name: String) -> NameSpecification { [.customLong(name)] }

    /// The concrete names for a property, short names first as help lists them.
    func resolvedNames(propertyName: String) -> [ArgumentName] {
        var names: [ArgumentName] = []
        for element in elements {
            let name: ArgumentName
            switch element {
            case .long:
                name = .long(propertyName.kebabCased)
            case .customLong(let custom):
                precondition(
                    !custom.isEmpty && !custom.hasPrefix("-") && !custom.contains("=") && !custom.contains(" "),
                    "invalid long name '\(custom)' for '\(propertyName)': give it without dashes, '=' or spaces")
                name = .long(custom)
            case .short(let character):
                precondition(
                    character != "-" && character != "=" && !character.isWhitespace,
                    "invalid short name '\(character)' for '\(propertyName)'")
                name = .short(character)
            }
            if !names.contains(name) { names.append(name) }
        }
        return names.filter(\.isShort) + names.filter { !$0.isShort }
    }
}
