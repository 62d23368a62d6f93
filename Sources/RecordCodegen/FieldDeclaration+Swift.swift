/// The Swift a field declaration becomes: its property, its initialiser parameter, its
/// decoding, its encoding and its schema entry.
extension FieldDeclaration {
    /// The parsed type; `RecordCodegen` has checked it names a kind.
    var kind: FieldType { FieldType(type)! }

    /// Whether the property is an optional (absent when not read).
    var isOptional: Bool {
        !isRequired && `default` == nil && defaultField == nil && !kind.alwaysPresent && embedded != true
    }

    var property: String {
        let documentation = (doc ?? description).split(separator: "\n", omittingEmptySubsequences: false)
        return documentation.map { "    /// \($0)" }.joined(separator: "\n")
            + "\n    public var \(name): \(kind.swiftType)\(isOptional ? "?" : "")"
    }

    /// The initialiser's parameter, with its default when it has one: nil for an optional or
    /// a field defaulting to another, empty for a list without a decoder default, otherwise
    /// only `initDefault` (a decoder's default is what unusable data reads as, not a choice).
    var parameter: String {
        if defaultField != nil { return "\(name): \(kind.parameterType)? = nil" }
        let type = "\(name): \(kind.parameterType)\(isOptional ? "?" : "")"
        if let initDefault { return "\(type) = \(initDefault)" }
        if isOptional { return "\(type) = nil" }
        switch kind {
        case .list, .stringMap: return `default` == nil ? "\(type) = []" : type
        default: return type
        }
    }

    /// The initialiser's assignment: the argument in the form decoding gives.
    var assignment: String {
        var value = name
        switch kind {
        case .domain, .ownerName:
            value = isOptional ? "\(name).map(DomainName.canonical)" : "DomainName.canonical(\(name))"
        case .list(.domain): value = "\(name).map(DomainName.canonical)"
        case .enumeration: value = "Lenient(\(name))"
        case .list(.enumeration): value = "\(name).map(Lenient.init)"
        default: break
        }
        if let defaultField { value = "\(value) ?? \(defaultField)" }
        if let normalize { value = "\(normalize)(\(value))" }
        return "        self.\(name) = \(value)"
    }

    /// The decoder's line.
    var decoding: String {
        let custom = decode?.replacingOccurrences(of: "$key", with: jsonKey.swiftLiteral)
        return
            "        \(name) = \(custom ?? normalize.map { "reader.normalized(\(generatedDecoding), \($0))" } ?? generatedDecoding)"
    }

    private var generatedDecoding: String {
        let key = jsonKey.swiftLiteral
        let limit = max.map { ", limit: \($0)" } ?? ""
        let fallback = defaultField.map { " ?? \($0)" } ?? ""
        switch kind {
        case .id: return isRequired ? "try reader.requiredID(\(key))" : "reader.optionalID(\(key))"
        case .domain: return isRequired ? "try reader.requiredDomain(\(key))" : "reader.optionalDomain(\(key))"
        case .ownerName: return "try reader.requiredOwnerName(\(key))"
        case .string:
            if isRequired {
                return format == "nonEmpty"
                    ? "try reader.requiredNonEmptyString(\(key))" : "try reader.requiredString(\(key))"
            }
            if let value = `default` { return "reader.string(\(key), default: \(value))" }
            return "reader.optionalString(\(key))\(fallback)"
        case .date: return isRequired ? "try reader.requiredDate(\(key))" : "reader.optionalDate(\(key))\(fallback)"
        case .int:
            let range = self.range ?? "Int.min...Int.max"
            if isRequired { return "try reader.requiredInt(\(key), in: \(range))" }
            if let value = `default` { return "reader.int(\(key), in: \(range), default: \(value))" }
            return "reader.optionalInt(\(key), in: \(range))"
        case .bool: return "reader.bool(\(key), default: \(`default` ?? "false"))"
        case .stringMap: return "reader.stringMap(\(key))"
        case .enumeration: return "reader.enumeration(\(key), default: \(`default` ?? ".fallback"))"
        case .record(let type):
            if embedded == true { return "try \(type)(from: &reader)" }
            return isRequired
                ? "try reader.requiredRecord(\(key), as: \(type).self)"
                : "reader.optionalRecord(\(key), as: \(type).self)"
        case .list(.string): return "reader.stringList(\(key)\(limit))"
        case .list(.domain): return "reader.domainList(\(key)\(limit))"
        case .list(.enumeration): return "reader.enumList(\(key)) ?? \(`default` ?? "[]")"
        case .list(.record(let type)): return "reader.recordList(\(key), as: \(type).self\(limit))"
        }
    }

    /// The encoder's line.
    var encoding: String {
        embedded == true
            ? "        \(name).encodeFields(to: &writer)" : "        writer.field(\(jsonKey.swiftLiteral), \(name))"
    }

    /// The schema entry (`RecordField` in DomainModel).
    var schemaEntry: String {
        let value =
            embedded == true
            ? ".embedded(\(type).declaration)"
            : kind.fieldValue(format: format, range: range, max: max, unique: unique, items: items)
        return
            "            RecordField(\(jsonKey.swiftLiteral), \(value), required: \(isRequired), \(description.swiftLiteral)),"
    }
}
