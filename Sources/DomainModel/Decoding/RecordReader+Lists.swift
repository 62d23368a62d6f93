import JSONCore

extension RecordReader {
    mutating func skippedElement(_ key: StaticString, _ index: Int, _ problem: String) {
        issues.append(
            DecodingIssue(
                kind: .skippedElement, path: ".\(key)[\(index)]", message: "\(problem); the element was left out"))
    }

    mutating func truncate<Element>(_ list: inout [Element], _ key: StaticString, limit: Int) {
        guard list.count > limit else { return }
        issues.append(
            DecodingIssue(
                kind: .truncatedList, path: ".\(key)",
                message: "holds \(list.count) entries, more than the limit of \(limit); the rest were left out"))
        list.removeSubrange(limit...)
    }

    /// A list of strings; other elements are left out and reported.
    public mutating func stringList(_ key: StaticString, limit: Int = .max) -> [String] {
        guard let list = arraySlot(key) else { return [] }
        var result: [String] = []
        result.reserveCapacity(view.count(list))
        var position = 0
        view.forEachElement(list) { element in
            defer { position += 1 }
            guard let string = view.string(element) else {
                skippedElement(key, position, "must be a string, not \(view.kind(element))")
                return
            }
            result.append(string)
        }
        truncate(&result, key, limit: limit)
        return result
    }

    /// A list of domain names in canonical form, without duplicates; invalid names are left
    /// out and reported.
    public mutating func domainList(_ key: StaticString, limit: Int = .max) -> [String] {
        guard let list = arraySlot(key) else { return [] }
        var result: [String] = []
        result.reserveCapacity(view.count(list))
        var seen = Set<String>()
        var position = 0
        view.forEachElement(list) { element in
            defer { position += 1 }
            guard view.kind(element) == .string else {
                skippedElement(key, position, "must be a domain name string, not \(view.kind(element))")
                return
            }
            guard let canonical = name(element) else {
                skippedElement(key, position, "is not a valid domain name: \"\(view.string(element) ?? "")\"")
                return
            }
            // A repeat is left out silently, but counts against the list's limit in the schema.
            if seen.insert(canonical).inserted { result.append(canonical) } else { noticed = true }
        }
        truncate(&result, key, limit: limit)
        return result
    }

    /// A list of enum values without duplicates; unknown ones keep their text.
    public mutating func enumList<Value: LenientEnum>(_ key: StaticString) -> [Lenient<Value>]? {
        guard let list = arraySlot(key) else { return nil }
        var result: [Lenient<Value>] = []
        result.reserveCapacity(view.count(list))
        var position = 0
        view.forEachElement(list) { element in
            defer { position += 1 }
            let index = position
            guard let raw = view.string(element) else {
                skippedElement(key, index, "must be a string, not \(view.kind(element))")
                return
            }
            let lenient = Lenient<Value>(rawValue: raw)
            if !lenient.isKnown {
                issues.append(
                    DecodingIssue(
                        kind: .unknownEnumValue, path: ".\(key)[\(index)]",
                        message: "unknown value \"\(raw)\" is kept as written"))
            }
            if !result.contains(lenient) { result.append(lenient) } else { noticed = true }
        }
        return result
    }

    /// `list` as `normalize` makes it (the declaration's `normalize`: without duplicates,
    /// within limits), noticed when that leaves elements out.
    public mutating func normalized<Element>(_ list: [Element], _ normalize: ([Element]) -> [Element]) -> [Element] {
        let result = normalize(list)
        if result.count != list.count { noticed = true }
        return result
    }

    /// A list of nested records; malformed ones are left out and reported.
    public mutating func recordList<Record: JSONRecord>(
        _ key: StaticString, as type: Record.Type = Record.self, limit: Int = .max
    ) -> [Record] {
        guard let list = arraySlot(key) else { return [] }
        var result: [Record] = []
        // Room for every element at once: grown one by one, a snapshot's handful of DNS
        // records would be copied into a new buffer two or three times.
        result.reserveCapacity(view.count(list))
        var position = 0
        view.forEachElement(list) { element in
            defer { position += 1 }
            do throws(RecordDecodingError) {
                result.append(
                    nested(try Record.decode(view, at: element, checking: checking), under: ".\(key)[\(position)]"))
            } catch {
                let path = ".\(key)[\(position)]" + error.path
                issues.append(
                    DecodingIssue(
                        kind: .skippedElement, path: path, message: "\(error.problem); the element was left out"))
            }
        }
        truncate(&result, key, limit: limit)
        return result
    }

    /// An object of string values, in written order; non-string values are left out and reported.
    public mutating func stringMap(_ key: StaticString) -> [StringPair] {
        guard let map = slot(key) else { return [] }
        guard view.kind(map) == .object else {
            defaulted(key, "must be an object of strings, not \(view.kind(map))")
            return []
        }
        var result: [StringPair] = []
        // A key given twice is read twice here, but means different things to other readers.
        if checking { view.forEachRepeatedKey(map) { _, _ in noticed = true } }
        view.forEachField(map) { rawKey, escaped, value in
            let name = escaped ? (view.string(value - 1) ?? "") : String(decoding: rawKey, as: UTF8.self)
            guard let string = view.string(value) else {
                issues.append(
                    DecodingIssue(
                        kind: .skippedElement, path: ".\(key).\(name)",
                        message: "must be a string, not \(view.kind(value)); the entry was left out"))
                return
            }
            result.append(StringPair(name: name, value: string))
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
