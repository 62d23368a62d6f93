import JSONCore

/// The outcome of reading one stored collection leniently.
public struct DecodedCollection<Record: DeduplicatingRecord>: Sendable {
    /// The distinct records, canonical, in order of first appearance.
    public var records: [Record]
    /// Elements in the stored array, valid or not.
    public var elementCount: Int
    /// Records that were duplicates of an earlier one and were merged into it.
    public var duplicatesMerged: Int
    /// What was worked around, with paths from the blob's root (`$[12].domain`).
    public var issues: [DecodingIssue]
    /// The JSON text of each element that could not be read, as stored, in order: writers
    /// that must not lose data (migrations, imports, exports) keep these verbatim. Each has one
    /// `skippedRecord` issue, in the same order (`unreadableRecords`).
    public var unreadableElements: [[UInt8]]
    /// Whether the stored value could not be read as an array at all (not JSON, not an
    /// array, too deep, not a blob): then there are no records and no elements, one issue at
    /// `$`, and the value is kept or carried as a whole.
    public var isUnreadable: Bool

    public init(
        records: [Record], elementCount: Int, duplicatesMerged: Int, issues: [DecodingIssue],
        unreadableElements: [[UInt8]] = [], isUnreadable: Bool = false
    ) {
        self.records = records
        self.elementCount = elementCount
        self.duplicatesMerged = duplicatesMerged
        self.issues = issues
        self.unreadableElements = unreadableElements
        self.isUnreadable = isUnreadable
    }

    /// Records that could not be read.
    public var skippedCount: Int { issues.filter { $0.kind == .skippedRecord }.count }

    /// Each unreadable element with the issue that says why it could not be read.
    public var unreadableRecords: [UnreadableElement] {
        UnreadableElement.pair(unreadableElements, with: issues)
    }
}

/// An element of a stored array that could not be read as a record: its JSON text as
/// stored, where it was (`$[44]`) and why.
public struct UnreadableElement: Sendable, Equatable {
    /// The element's JSON text, verbatim.
    public var json: [UInt8]
    /// The issue that left it unread: its path starts with the element's `$[n]`.
    public var issue: DecodingIssue

    public init(json: [UInt8], issue: DecodingIssue) {
        self.json = json
        self.issue = issue
    }

    /// The element's own path, `$[n]`, without the path inside it.
    public var elementPath: String {
        guard let close = issue.path.firstIndex(of: "]") else { return issue.path }
        return String(issue.path[...close])
    }

    /// Pairs elements with their issues: every element that could not be read has exactly
    /// one `skippedRecord` issue, and both come in the order of the array.
    static func pair(_ elements: [[UInt8]], with issues: [DecodingIssue]) -> [UnreadableElement] {
        let skipped = issues.filter { $0.kind == .skippedRecord }
        precondition(skipped.count == elements.count, "every unreadable element has one skippedRecord issue")
        return zip(elements, skipped).map { UnreadableElement(json: $0, issue: $1) }
    }
}

/// Reads stored JSON into records: the deduplicating, lenient `load*` path.
public enum CollectionDecoder {
    /// Reads a JSON array of records, one element at a time.
    ///
    /// A malformed element is skipped and reported; duplicates are merged; an unreadable blob
    /// (bad JSON, not an array) yields no records and one issue at `$`, never a crash.
    public static func decodeArray<Record: DeduplicatingRecord>(
        _ bytes: [UInt8], as type: Record.Type = Record.self, options: JSONParseOptions = .default
    ) -> DecodedCollection<Record> {
        if let decoded = ParallelCollectionDecoder.decode(bytes, as: Record.self, options: options) { return decoded }
        return decodeSequentially(bytes, as: Record.self, options: options)
    }

    /// One pass over the array, on the calling thread: the reference behaviour, and the one
    /// that reports a syntax error exactly.
    static func decodeSequentially<Record: DeduplicatingRecord>(
        _ bytes: [UInt8], as type: Record.Type, options: JSONParseOptions
    ) -> DecodedCollection<Record> {
        var collection = RecordCollection<Record>()
        var issues = ElementIssues()
        var elementCount = 0
        var duplicates = 0
        var unreadable: [[UInt8]] = []
        do {
            try JSONArrayStream.forEachElement(in: bytes, options: options) { index, element in
                elementCount += 1
                let (record, elementIssues): (Record?, [DecodingIssue]) = decodeElement(element)
                issues.add(elementIssues, at: index)
                if let record {
                    if collection.insert(record) != .added { duplicates += 1 }
                } else {
                    unreadable.append(Array(bytes[element.sourceRange]))
                }
            }
        } catch {
            return DecodedCollection(
                records: [], elementCount: 0, duplicatesMerged: 0, issues: [unreadableBlob(error)], isUnreadable: true)
        }
        return DecodedCollection(
            records: collection.records, elementCount: elementCount,
            duplicatesMerged: duplicates, issues: issues.rooted, unreadableElements: unreadable)
    }

    /// Decodes one element of a stored array: the record and what was worked around; or no
    /// record and the issue saying why it was left out. Paths are inside the element
    /// (`ElementIssues` puts them under the element's `$[index]`).
    static func decodeElement<Record: JSONRecord>(_ element: JSONValue) -> (Record?, [DecodingIssue]) {
        do {
            return try Record.decode(element)
        } catch {
            return (nil, [unreadableRecord(error, at: "")])
        }
    }

    /// The issue of a record that cannot be read, at `path` (its element, or `$`).
    static func unreadableRecord(_ error: RecordDecodingError, at path: String) -> DecodingIssue {
        DecodingIssue(
            kind: .skippedRecord, path: path + error.path,
            message: "\(error.problem); the record cannot be read and is kept as written")
    }

    /// The one issue of a blob that does not parse as a whole. The stream hands out elements
    /// before it meets a syntax error further on; a blob that is not valid JSON as a whole is
    /// not trusted in part either.
    public static func unreadableBlob(_ error: any Error) -> DecodingIssue {
        DecodingIssue(
            kind: .skippedRecord, path: "$", message: "cannot be read (\(error)); it is kept as written")
    }

    /// Reads one JSON object as a record (settings, ledger, entitlement).
    /// - Returns: the record (nil when it cannot be read) and what was worked around.
    public static func decodeObject<Record: JSONRecord>(
        _ bytes: [UInt8], as type: Record.Type = Record.self, options: JSONParseOptions = .default
    ) -> (record: Record?, issues: [DecodingIssue]) {
        do {
            let document = try JSONDocument(parsing: bytes, options: options)
            let (record, issues) = try Record.decode(document.root)
            return (record, issues.map { $0.prefixed(by: "$") })
        } catch let error as RecordDecodingError {
            return (nil, [unreadableRecord(error, at: "$")])
        } catch {
            return (nil, [unreadableBlob(error)])
        }
    }
}
