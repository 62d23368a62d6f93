/// What a field declaration must be for its Swift to compile and mean what it says.
extension FieldDeclaration {
    /// Why the field cannot be generated, or nil.
    func problem(among fields: [FieldDeclaration]) -> String? {
        guard let kind = FieldType(type) else { return "unknown type \"\(type)\"" }
        if isRequired, `default` != nil || defaultField != nil { return "a required field has no default" }
        if let other = defaultField, !fields.contains(where: { $0.name == other && $0.isRequired }) {
            return "defaultField \(other) must be a required field (decoded first)"
        }
        switch kind {
        case .int where range == nil: return "an int needs a range"
        case .ownerName where !isRequired: return "an ownerName must be required"
        case .string, .int, .bool, .enumeration, .list(.enumeration): break
        default: if `default` != nil { return "a field of type \(type) takes no default" }
        }
        switch kind {
        case .string, .date: break
        default: if defaultField != nil { return "only a string or a date takes its default from another field" }
        }
        if case .string = kind {} else if format != nil { return "only a string has a format" }
        if case .record = kind {} else if embedded == true { return "only a record can be embedded" }
        return nil
    }
}
