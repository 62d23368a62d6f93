/// What a field declaration must be for its Swift to compile and mean what it says: the
/// decoder, the encoder and the schema must agree, so a combination one of them would read
/// differently is refused here, naming the field, rather than compiled.
extension FieldDeclaration {
    /// The formats a string may declare.
    static let formats: Set = ["nonEmpty", "wallClockTime", "resolverURL"]

    /// Why the field cannot be generated, or nil.
    func problem(among fields: [FieldDeclaration]) -> String? {
        guard let kind = FieldType(type) else { return "unknown type \"\(type)\" (one of \(FieldType.vocabulary))" }
        if description.contains(where: \.isNewline) { return "a description is one line (`doc` may have more)" }
        if isRequired, `default` != nil || defaultField != nil { return "a required field has no default" }
        if let other = defaultField, !fields.contains(where: { $0.name == other && $0.isRequired }) {
            return "defaultField \(other) must be a required field (decoded first)"
        }
        switch kind {
        case .id, .domain, .string, .date, .int, .record: break
        case .ownerName where !isRequired: return "an ownerName must be required"
        case .ownerName: break
        default: if isRequired { return "a field of type \(type) cannot be required: it reads as a default" }
        }
        if isRequired, embedded == true { return "an embedded record cannot be required" }
        switch kind {
        case .int where range == nil: return "an int needs a range"
        case .enumeration where `default` == nil: return "an enum needs a default (what an unknown value reads as)"
        case .string, .int, .bool, .enumeration, .list(.enumeration): break
        default: if `default` != nil { return "a field of type \(type) takes no default" }
        }
        switch kind {
        case .string, .date: break
        default: if defaultField != nil { return "only a string or a date takes its default from another field" }
        }
        if let format {
            guard case .string = kind else { return "only a string has a format" }
            guard FieldDeclaration.formats.contains(format) else {
                return
                    "unknown format \"\(format)\" (one of \(FieldDeclaration.formats.sorted().joined(separator: ", ")))"
            }
            // The generated decoder checks only nonEmpty, and only on a required field; any
            // other format is checked by the field's own decode function.
            if decode == nil, format != "nonEmpty" || !isRequired {
                return "a \(format) string needs a decode function that checks it, or the schema would refuse "
                    + "what the decoder accepts"
            }
        }
        if case .record = kind {} else if embedded == true { return "only a record can be embedded" }
        return nil
    }
}
