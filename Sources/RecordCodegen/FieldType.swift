/// What a field's `type` in a declaration names, and the Swift, decoder, encoder and schema
/// spelling of each kind. Every kind the declarations may use is here, once.
enum FieldType {
    case id, domain, ownerName, string, date, int, bool, stringMap
    case enumeration(String)
    case record(String)
    case list(Element)

    /// A list's element.
    enum Element {
        case string, domain
        case enumeration(String)
        case record(String)
    }

    /// What a declaration's `type` may say, for the message that refuses another.
    static let vocabulary =
        "id, domain, ownerName, string, date, int, bool, stringMap, enum T, [string], [domain], [enum T], "
        + "[T] or T (T a record type)"

    /// Swift's names for the kinds above, which a declaration must not use (`String` is `string`).
    static let swiftTypes: Set = ["String", "Int", "Bool", "Date", "UUID", "Double"]

    /// The kinds a declaration names by one word.
    static let keywords: [String: FieldType] = [
        "id": .id, "domain": .domain, "ownerName": .ownerName, "string": .string, "date": .date, "int": .int,
        "bool": .bool, "stringMap": .stringMap,
    ]

    /// Reads a declaration's `type`; nil when it names no kind.
    init?(_ text: String) {
        if text.hasPrefix("["), text.hasSuffix("]") {
            let inner = String(text.dropFirst().dropLast())
            switch FieldType(inner) {
            case .string: self = .list(.string)
            case .domain: self = .list(.domain)
            case .enumeration(let name): self = .list(.enumeration(name))
            case .record(let name): self = .list(.record(name))
            default: return nil
            }
            return
        }
        if let kind = FieldType.keywords[text] {
            self = kind
        } else if text.hasPrefix("enum ") {
            self = .enumeration(String(text.dropFirst("enum ".count)))
        } else if let first = text.first, first.isUppercase, text.allSatisfy({ $0.isLetter || $0.isNumber }),
            !FieldType.swiftTypes.contains(text)
        {
            self = .record(text)
        } else {
            return nil
        }
    }

    /// The stored property's type, before optionality.
    var swiftType: String {
        switch self {
        case .id: "UUID"
        case .domain, .ownerName, .string: "String"
        case .date: "Date"
        case .int: "Int"
        case .bool: "Bool"
        case .stringMap: "[StringPair]"
        case .enumeration(let name): "Lenient<\(name)>"
        case .record(let name): name
        case .list(.string), .list(.domain): "[String]"
        case .list(.enumeration(let name)): "[Lenient<\(name)>]"
        case .list(.record(let name)): "[\(name)]"
        }
    }

    /// The initialiser's parameter type, before optionality: enums are given as their cases.
    var parameterType: String {
        switch self {
        case .enumeration(let name): name
        case .list(.enumeration(let name)): "[\(name)]"
        default: swiftType
        }
    }

    /// Whether the value is never absent: lists, maps and booleans read as empty or a default.
    var alwaysPresent: Bool {
        switch self {
        case .list, .stringMap, .bool: true
        default: false
        }
    }

    /// The `FieldValue` (DomainModel) the schema is built from.
    func fieldValue(format: String?, range: String?, max: String?, unique: String?, items: String?) -> String {
        let maxArgument = max.map { ", max: \($0)" } ?? ""
        let uniqueArgument = unique.map { ", unique: \($0.swiftLiteral)" } ?? ""
        func list(_ element: String, _ defaultItem: String) -> String {
            ".list(\(element), item: \((items ?? defaultItem).swiftLiteral)\(maxArgument)\(uniqueArgument))"
        }
        switch self {
        case .id: return ".string(.uuid)"
        case .domain: return ".string(.domain)"
        case .ownerName: return ".string(.ownerName)"
        case .date: return ".string(.dateTime)"
        case .string: return ".string(\(format.map { ".\($0)" } ?? "nil"))"
        case .int: return ".integer(\(range ?? "nil"))"
        case .bool: return ".boolean"
        case .stringMap: return ".stringMap"
        case .enumeration(let name): return ".enumeration(\(name).self)"
        case .record(let name): return ".record(\(name).declaration)"
        case .list(.string): return list(".string(nil)", "An element.")
        case .list(.domain): return list(".string(.domain)", "A domain.")
        case .list(.enumeration(let name)): return list(".enumeration(\(name).self)", "An element.")
        case .list(.record(let name)): return list(".record(\(name).declaration)", "")
        }
    }
}
