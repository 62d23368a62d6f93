import JSONCore

extension RecordTranscoder {
    /// The array at `key`, written by `element` for each of its elements — `[]` for an absent
    /// one — when it holds at most `limit` and `element` takes every one: a list decoding would
    /// shorten is left to decoding. `element` is given the array's index and the element's.
    private mutating func list(
        _ key: StaticString, limit: Int, _ writer: inout JSONWriter,
        _ element: (_ list: Int, _ element: Int, inout JSONWriter) -> Bool
    ) -> Bool {
        writer.key(key)
        writer.beginArray()
        defer { writer.endArray() }
        guard let list = slot(key) else { return true }
        guard view.kind(list) == .array, view.count(list) <= limit else { return false }
        var taken = true
        view.forEachElement(list) { index in
            if taken { taken = element(list, index, &writer) }
        }
        return taken
    }

    /// A list of strings.
    public mutating func stringList(_ key: StaticString, limit: Int = .max, _ writer: inout JSONWriter) -> Bool {
        let view = view
        return list(key, limit: limit, &writer) { _, element, writer in
            view.kind(element) == .string && RecordTranscoder.string(view, element, &writer)
        }
    }

    /// A list of domain names in canonical form, each once. Decoding leaves a repeat out, so
    /// a list with one — or with a name it would have to canonicalise to compare — is left to it.
    public mutating func domainList(_ key: StaticString, limit: Int = .max, _ writer: inout JSONWriter) -> Bool {
        let view = view
        return list(key, limit: limit, &writer) { list, element, writer in
            guard view.isPlainString(element), view.withRawBytes(element, { DomainName.check(utf8: $0) == .canonical })
            else { return false }
            // Canonical names are equal when their text is; the earlier elements are the
            // siblings from the array's first up to this one.
            let text = view.text(element)
            var earlier = list + 1
            while earlier < element {
                if view.text(earlier) == text { return false }
                earlier = view.next(earlier)
            }
            return RecordTranscoder.string(view, element, &writer)
        }
    }

    /// A list of nested records (`JSONRecord.transcode`).
    public mutating func recordList<Record: JSONRecord>(
        _ key: StaticString, as type: Record.Type, limit: Int = .max, _ writer: inout JSONWriter
    ) -> Bool {
        let (view, checking) = (view, checking)
        return list(key, limit: limit, &writer) { _, element, writer in
            Record.transcode(view, at: element, checking: checking, into: &writer)
        }
    }

    /// An object of strings, its fields in written order (a repeated key twice, as decoding
    /// reads it, unless `checking`) — `{}` for an absent one.
    public mutating func stringMap(_ key: StaticString, _ writer: inout JSONWriter) -> Bool {
        writer.key(key)
        writer.beginObject()
        defer { writer.endObject() }
        guard let map = slot(key) else { return true }
        let view = view
        guard view.kind(map) == .object else { return false }
        // Decoding reads a repeated key twice, as here, but validation's notices it.
        if checking {
            var repeated = false
            view.forEachRepeatedKey(map) { _, _ in repeated = true }
            if repeated { return false }
        }
        var taken = true
        view.forEachField(map) { rawKey, escaped, value in
            guard taken else { return }
            if escaped { writer.key(view.string(value - 1) ?? "") } else { writer.plainKey(rawKey) }
            taken = view.kind(value) == .string && RecordTranscoder.string(view, value, &writer)
        }
        return taken
    }
}
