import JSONCore

extension RecordReader {
    mutating func skippedElement(_ key: StaticString, _ index: Int, _ problem: String) {
        issues.append(DecodingIssue(kind: .skippedElement, path: ".\(key)[\(index)]", message: "\(problem); the element was left out"))
    }

    mutating func truncate<Element>(_ list: inout [Element], _ key: StaticString, limit: Int) {
        guard list.count > limit else { return }
        issues.append(DecodingIssue(kind: .truncatedList, path: ".\(key)",
                                    message: "holds \(list.count) entries, more than the limit of \(limit); the rest were left out"))
        list.removeSubrange(limit...)
    }

    /// A list of strings; other elements are left out and reported.
    public mutating func stringList(_ key: StaticString, limit: Int = .max) -> [String] {
        guard let elements = array(key) else { return [] }
        var result: [String] = []
        for (index, element) in elements.enumerated() {
            guard let string = element.string else {
                skippedElement(key, index, "must be a string, not \(element.kind)")
                continue
            }
            result.append(string)
        }
        truncate(&result, key, limit: limit)
        return result
    }

    /// A list of domain names in canonical form, without duplicates; invalid names are left
    /// out and reported.
    public mutating func domainList(_ key: StaticString, limit: Int = .max) -> [String] {
        guard let elements = array(key) else { return [] }
        var result: [String] = []
        var seen = Set<String>()
        for (index, element) in elements.enumerated() {
            guard element.kind == .string else {
                skippedElement(key, index, "must be a domain name string, not \(element.kind)")
                continue
            }
            guard let canonical = RecordReader.validName(element) else {
                skippedElement(key, index, "is not a valid domain name: \"\(element.string ?? "")\"")
                continue
            }
            if seen.insert(canonical).inserted { result.append(canonical) }
        }
        truncate(&result, key, limit: limit)
        return result
    }

    /// A list of enum values without duplicates; unknown ones keep their text.
    public mutating func enumList<Value: LenientEnum>(_ key: StaticString) -> [Lenient<Value>]? {
        guard let elements = array(key) else { return nil }
        var result: [Lenient<Value>] = []
        for (index, element) in elements.enumerated() {
            guard let raw = element.string else {
                skippedElement(key, index, "must be a string, not \(element.kind)")
                continue
            }
            let lenient = Lenient<Value>(rawValue: raw)
            if !lenient.isKnown {
                issues.append(DecodingIssue(kind: .unknownEnumValue, path: ".\(key)[\(index)]",
                                            message: "unknown value \"\(raw)\" is kept as written"))
            }
            if !result.contains(lenient) { result.append(lenient) }
        }
        return result
    }

    /// A list of nested records; malformed ones are left out and reported.
    public mutating func recordList<Record: JSONRecord>(_ key: StaticString, as type: Record.Type = Record.self, limit: Int = .max) -> [Record] {
        guard let elements = array(key) else { return [] }
        var result: [Record] = []
        for (index, element) in elements.enumerated() {
            do {
                let (record, nested) = try Record.decode(element)
                issues.append(contentsOf: nested.map { $0.prefixed(by: ".\(key)[\(index)]") })
                result.append(record)
            } catch {
                let path = ".\(key)[\(index)]" + error.path
                issues.append(DecodingIssue(kind: .skippedElement, path: path, message: "\(error.problem); the element was left out"))
            }
        }
        truncate(&result, key, limit: limit)
        return result
    }

    /// An object of string values, in written order; non-string values are left out and reported.
    public mutating func stringMap(_ key: StaticString) -> [StringPair] {
        guard let value = optional(key) else { return [] }
        guard value.kind == .object else {
            defaulted(key, "must be an object of strings, not \(value.kind)")
            return []
        }
        var result: [StringPair] = []
        for field in value.fields {
            guard let string = field.value.string else {
                issues.append(DecodingIssue(kind: .skippedElement, path: ".\(key).\(field.key)",
                                            message: "must be a string, not \(field.value.kind); the entry was left out"))
                continue
            }
            result.append(StringPair(name: field.key, value: string))
        }
        return result
    }
}

/// One entry of a string-to-string object (HTTP headers, step parameters), kept in order.
public struct StringPair: Sendable, Hashable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
