import JSONCore

/// A stored record this build cannot read, as a version 4 backup carries it
/// (`carried/unreadableRecords.json`): verbatim, with its section, its store key, where it
/// was and why it cannot be read. It stays outside the arrays the schema describes, so the
/// sections hold only records that validate.
///
/// `path` is `$[n]` for an element of a stored array (its value is the element's JSON, as
/// data) and `$` for a whole stored value that cannot be read (any kind).
///
///     {"section": "trackedDomains", "storeKey": "trackedDomains", "path": "$[44]",
///      "reason": ".id is missing", "value": {"kind": "data", "json": {"domain": "example.org"}}}
public struct CarriedUnreadableRecord: Sendable, Equatable {
    /// The section the record belongs to.
    public var section: BackupSection
    /// The store key it was read from (`appSettings` has three).
    public var storeKey: String
    /// `$[n]` for an element of the stored array, `$` for the whole value.
    public var path: String
    /// Why it cannot be read, as lenient decoding reported it.
    public var reason: String
    /// The element's JSON text (as data), or the whole value.
    public var value: CarriedValue

    public init(section: BackupSection, storeKey: String, path: String, reason: String, value: CarriedValue) {
        self.section = section
        self.storeKey = storeKey
        self.path = path
        self.reason = reason
        self.value = value
    }

    /// Whether it is the whole value of its key rather than an element of it.
    public var isWholeValue: Bool { path == "$" }

    /// Writes the entry's JSON array.
    public static func encode(_ records: [CarriedUnreadableRecord]) -> [UInt8] {
        CarriedValue.encodeArray(records) { record, writer in
            writer.field("section", record.section.rawValue)
            writer.field("storeKey", record.storeKey)
            writer.field("path", record.path)
            writer.field("reason", record.reason)
            writer.key("value")
            record.value.encode(to: &writer)
        }
    }

    /// Reads one element of the entry's array, checking that it can be restored: a known
    /// section, one of that section's store keys, a path `$` or `$[n]`, and for an element,
    /// data holding one JSON value.
    /// - Throws: `CarriedDecodingError` with the path inside the element.
    public init(json element: JSONValue) throws(CarriedDecodingError) {
        guard element.kind == .object else { throw CarriedDecodingError("", "must be an object, not \(element.kind)") }
        guard let name = element["section"]?.string, let section = BackupSection(rawValue: name) else {
            let names = BackupSection.allCases.map(\.rawValue).joined(separator: ", ")
            throw CarriedDecodingError(".section", "must be one of \(names)")
        }
        guard let storeKey = element["storeKey"]?.string, section.entry.storeKeys.contains(storeKey) else {
            throw CarriedDecodingError(
                ".storeKey",
                "must be one of the store keys of \(name): \(section.entry.storeKeys.joined(separator: ", "))")
        }
        guard let path = element["path"]?.string, path == "$" || CarriedUnreadableRecord.isElementPath(path) else {
            throw CarriedDecodingError(".path", "must be $ (the whole value) or $[n] (an element)")
        }
        guard let reason = element["reason"]?.string else { throw CarriedDecodingError(".reason", "must be a string") }
        let value = try CarriedValue(valueField: element["value"])
        if path != "$" {
            guard section.entry.arrayStoreKeys.contains(storeKey) else {
                throw CarriedDecodingError(".path", "must be $: \(storeKey) holds one object, not an array")
            }
            // Restored into the stored array, the element nests one level deeper.
            let depthLimit = JSONParseOptions.default.maxDepth - 1
            guard case .data(let bytes) = value, CarriedValue.isEmbeddableJSON(bytes, depthLimit: depthLimit) else {
                throw CarriedDecodingError(".value", "must be data holding one JSON value, the element as stored")
            }
        }
        self.init(section: section, storeKey: storeKey, path: path, reason: reason, value: value)
    }

    /// `$[` digits `]`.
    static func isElementPath(_ path: String) -> Bool {
        guard path.hasPrefix("$["), path.hasSuffix("]") else { return false }
        let digits = path.dropFirst(2).dropLast()
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
