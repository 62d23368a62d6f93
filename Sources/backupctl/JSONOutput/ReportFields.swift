import JSONCore

/// The fields of a JSON object in the order they are written: a command's report, or an
/// object inside it. Written as a literal, a field whose value is nil is left out, so an
/// optional field is one line:
///
///     let fields: ReportFields = [
///         "input": .string(summary.file),
///         "safetySnapshot": summary.safetySnapshot.map(ReportValue.string),
///     ]
struct ReportFields: Sendable, ExpressibleByDictionaryLiteral {
    private(set) var pairs: [(key: String, value: ReportValue)] = []

    init(dictionaryLiteral elements: (String, ReportValue?)...) {
        for (key, value) in elements { self[key] = value }
    }

    /// The field's value; setting replaces it where it is, or adds it at the end; nil removes it.
    subscript(key: String) -> ReportValue? {
        get { pairs.first { $0.key == key }?.value }
        set {
            let index = pairs.firstIndex { $0.key == key }
            switch (index, newValue) {
            case (let index?, let value?): pairs[index].value = value
            case (let index?, nil): pairs.remove(at: index)
            case (nil, let value?): pairs.append((key, value))
            case (nil, nil): break
            }
        }
    }

    /// The field names, in order.
    var keys: [String] { pairs.map(\.key) }

    /// The fields of `lhs` followed by those of `rhs` (a field of both takes `rhs`'s value,
    /// in place).
    static func + (lhs: ReportFields, rhs: ReportFields) -> ReportFields {
        var merged = lhs
        for (key, value) in rhs.pairs { merged[key] = value }
        return merged
    }

    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writeMembers(to: &writer)
        writer.endObject()
    }

    /// Writes the fields into an object the caller has begun.
    func writeMembers(to writer: inout JSONWriter) {
        for (key, value) in pairs {
            writer.key(key)
            value.write(to: &writer)
        }
    }
}
