/// The transcoder's call a field declaration becomes (`RecordTranscoder` in DomainModel): the
/// field written straight from the tape, as its decoding then its encoding would write it.
extension FieldDeclaration {
    /// The call, or nil for a field only decoding reads: one with a hand-written `decode` or a
    /// `normalize`, a default taken from another field, an embedded record, a format its decode
    /// function checks, a list of enums. A record with such a field is always decoded.
    var transcoding: String? {
        guard decode == nil, normalize == nil, defaultField == nil, embedded != true,
            format == nil || format == "nonEmpty"
        else { return nil }
        let key = jsonKey.swiftLiteral
        let required = "required: \(isRequired)"
        let fallback = `default`.map { ", default: \($0)" } ?? ""
        let limit = max.map { ", limit: \($0)" } ?? ""
        let call: String
        switch kind {
        case .id: call = "id(\(key), \(required)"
        case .domain: call = "domain(\(key), \(required)"
        case .ownerName: call = "domain(\(key), \(required), ownerName: true"
        case .string: call = "string(\(key), \(required)\(format == nil ? "" : ", nonEmpty: true")\(fallback)"
        case .date: call = "date(\(key), \(required)"
        case .int: call = "int(\(key), in: \(range ?? "Int.min...Int.max"), \(required)\(fallback)"
        case .bool: call = "bool(\(key), default: \(`default` ?? "false")"
        case .stringMap: call = "stringMap(\(key)"
        case .enumeration(let type): call = "enumeration(\(key), as: \(type).self, default: \(`default` ?? ".fallback")"
        case .record(let type): call = "record(\(key), as: \(type).self, \(required)"
        case .list(.string): call = "stringList(\(key)\(limit)"
        case .list(.domain): call = "domainList(\(key)\(limit)"
        case .list(.record(let type)): call = "recordList(\(key), as: \(type).self\(limit)"
        case .list(.enumeration): return nil
        }
        return "fields.\(call), &writer)"
    }

    /// The call, handing the value written to `key`, for a natural key the transcoder reads
    /// (an id or a domain name); nil for a key of another kind (the record is then always decoded).
    var keyedTranscoding: String? {
        switch kind {
        case .id, .domain: transcoding.map { $0.dropLast(")".count) + ", naturalKey: &key)" }
        default: nil
        }
    }
}
