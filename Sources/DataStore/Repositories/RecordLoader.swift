import DomainModel
import Foundation
import JSONCore

/// The deduplicating, lenient `load*` path: reads records from a store or an open
/// transaction, in canonical form, one per natural key, malformed ones left out and
/// reported with their key and path.
///
///     let loader = RecordLoader(store)
///     let domains = try loader.load(.trackedDomains)
///     for issue in domains.issues { print("trackedDomains \(issue)") }
public struct RecordLoader {
    private let reader: any StoreReading
    /// The limits stored JSON is parsed with.
    public let options: JSONParseOptions

    /// Reads from a store (committed data) or an open transaction (seeing its own writes).
    public init(_ reader: any StoreReading, options: JSONParseOptions = .default) {
        self.reader = reader
        self.options = options
    }

    /// The JSON bytes under `key`: nil when absent; nil with an issue when the value is not a
    /// blob (then the key is unreadable).
    public func blob(_ key: StorageKey) throws -> (bytes: [UInt8]?, issues: [DecodingIssue]) {
        // Data first: read into the array directly, never held as a `Data` beside it.
        if let bytes = try reader.dataBytes(forKey: key.rawValue) { return (bytes, []) }
        guard let value = try reader.value(forKey: key.rawValue) else { return (nil, []) }
        if let bytes = value.jsonBytes { return (bytes, []) }
        let message = "holds \(value.kindName) instead of JSON data; it is kept as written"
        return (nil, [DecodingIssue(kind: .skippedRecord, path: "$", message: message)])
    }

    /// Loads a collection leniently, one record per natural key.
    /// - Throws: `StoreError` when the store cannot be read (never for bad data).
    public func load<Record>(_ key: CollectionKey<Record>) throws -> DecodedCollection<Record> {
        let (bytes, issues) = try blob(key.storageKey)
        guard let bytes else {
            return DecodedCollection(
                records: [], elementCount: 0, duplicatesMerged: 0, issues: issues, isUnreadable: !issues.isEmpty)
        }
        return CollectionDecoder.decodeArray(bytes, as: Record.self, options: options)
    }

    /// Loads a collection as its canonical JSON array: what `load(_:)` reads, as
    /// `RecordArrayEncoder` would write it, with the same counts and issues — without holding
    /// the decoded records, nor the array in one buffer (`CollectionDecoder.reencodeArray`).
    /// - Parameter parts: how many runs to cut a large array into, on as many threads (1: one
    ///   pass on the calling thread).
    /// - Throws: `StoreError` when the store cannot be read (never for bad data).
    public func loadEncoded<Record>(_ key: CollectionKey<Record>, parts: Int) throws -> EncodedCollection {
        var stored = try blob(key.storageKey)
        // Handed over, not shared, so the blob is freed before any of its text is rebuilt.
        guard let bytes = stored.bytes.take() else { return .emptyArray(issues: stored.issues) }
        return Record.reencodeArray(bytes, options: options, parts: parts)
    }

    /// Loads an object record leniently; nil when absent or unreadable (then reported).
    public func load<Record>(_ key: ObjectKey<Record>) throws -> (record: Record?, issues: [DecodingIssue]) {
        let (bytes, issues) = try blob(key.storageKey)
        guard let bytes else { return (nil, issues) }
        return CollectionDecoder.decodeObject(bytes, as: Record.self, options: options)
    }

    /// Loads a JSON array of strings (recent searches, saved domains); elements that are not
    /// strings are kept aside, verbatim.
    public func loadStrings(_ key: StorageKey) throws -> LoadedStrings {
        let (bytes, issues) = try blob(key)
        guard let bytes else { return LoadedStrings(issues: issues, isUnreadable: !issues.isEmpty) }
        var loaded = LoadedStrings()
        do {
            try JSONArrayStream.forEachElement(in: bytes, options: options) { index, element in
                if let string = element.string {
                    loaded.strings.append(string)
                    loaded.positions.append(index)
                    loaded.texts.append(Array(bytes[element.sourceRange]))
                } else {
                    let issue = DecodingIssue(
                        kind: .skippedElement, path: "$[\(index)]",
                        message: "must be a string, not \(element.kind); it is kept as written")
                    loaded.issues.append(issue)
                    loaded.unreadable.append(UnreadableElement(json: Array(bytes[element.sourceRange]), issue: issue))
                }
            }
        } catch {
            return LoadedStrings(issues: [CollectionDecoder.unreadableBlob(error)], isUnreadable: true)
        }
        return loaded
    }

    /// Loads the app settings from their three keys; missing parts take their defaults.
    /// Issues are keyed by the store key they come from; so are the elements of the two
    /// lists that cannot be read (not strings; for saved domains, not domain names) and the
    /// keys whose value cannot be read at all — kept aside, verbatim, for the writers that
    /// must not lose them.
    public func loadAppSettings() throws -> LoadedAppSettings {
        var loaded = LoadedAppSettings()
        func keep(_ key: StorageKey, _ strings: LoadedStrings) {
            loaded.issues += strings.issues.map { (key, $0) }
            if !strings.unreadable.isEmpty { loaded.unreadableElements[key, default: []] += strings.unreadable }
            if strings.isUnreadable { loaded.unreadableKeys.insert(key) }
        }
        let searches = try loadStrings(.recentSearches)
        keep(.recentSearches, searches)
        // AppSettings keeps the first distinct searches without a word; the cut is reported
        // here, as for saved domains, so an export warns about what it left out.
        let searchKeys = searches.strings.map { $0.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() }
        if Set(searchKeys.filter { !$0.isEmpty }).count > AppSettings.maxRecentSearches {
            loaded.reportTruncated(.recentSearches, "\(AppSettings.maxRecentSearches) searches")
        }
        var saved = try loadStrings(.savedDomains)
        var savedDomains: [String] = []
        var seenDomains = Set<String>()
        for (offset, raw) in saved.strings.enumerated() {
            let canonical = DomainName.canonical(raw)
            if DomainName.isValid(canonical) {
                if seenDomains.insert(canonical).inserted { savedDomains.append(canonical) }
            } else {
                let issue = DecodingIssue(
                    kind: .skippedElement, path: "$[\(saved.positions[offset])]",
                    message: "is not a valid domain name: \"\(raw)\"; it is kept as written")
                saved.issues.append(issue)
                saved.unreadable.append(UnreadableElement(json: saved.texts[offset], issue: issue))
            }
        }
        // In the order of the array, as the elements that are not strings came.
        saved.unreadable.sort { $0.position < $1.position }
        keep(.savedDomains, saved)
        if savedDomains.count > AppSettings.maxSavedDomains {
            loaded.reportTruncated(.savedDomains, "\(AppSettings.maxSavedDomains) domains")
            savedDomains.removeSubrange(AppSettings.maxSavedDomains...)
        }
        let preferences = try load(.appPreferences)
        loaded.issues += preferences.issues.map { (.appPreferences, $0) }
        if preferences.record == nil && !preferences.issues.isEmpty { loaded.unreadableKeys.insert(.appPreferences) }
        loaded.settings = AppSettings(
            recentSearches: searches.strings, savedDomains: savedDomains,
            preferences: preferences.record ?? .defaults)
        return loaded
    }
}

/// A JSON array of strings as `RecordLoader.loadStrings` reads it.
public struct LoadedStrings: Sendable {
    /// The strings, in order.
    public var strings: [String] = []
    /// Each string's position in the array and its JSON text as stored.
    var positions: [Int] = []
    var texts: [[UInt8]] = []
    /// What was worked around.
    public var issues: [DecodingIssue] = []
    /// The elements that are not strings, verbatim, with why.
    public var unreadable: [UnreadableElement] = []
    /// Whether the value could not be read as an array at all.
    public var isUnreadable = false
}

/// The app settings as `RecordLoader.loadAppSettings` reads them from their three keys.
public struct LoadedAppSettings: Sendable {
    /// The settings; defaults where a key is missing or unreadable.
    public var settings = AppSettings.defaults
    /// What was worked around, by store key.
    public var issues: [(StorageKey, DecodingIssue)] = []
    /// Elements of `recentSearches` and `savedDomains` that cannot be read, verbatim, by key.
    public var unreadableElements: [StorageKey: [UnreadableElement]] = [:]
    /// The keys whose value cannot be read at all.
    public var unreadableKeys: Set<StorageKey> = []

    /// Notes that the list under `key` holds more than `limit` (a count and what of); the
    /// rest were left out.
    mutating func reportTruncated(_ key: StorageKey, _ limit: String) {
        let issue = DecodingIssue(
            kind: .truncatedList, path: "$", message: "holds more than \(limit); the rest were left out")
        issues.append((key, issue))
    }
}

extension UnreadableElement {
    /// The element's position in its array, from its path (`$[12]…` is 12).
    var position: Int {
        let digits = issue.path.dropFirst(2).prefix { $0.isNumber }
        return Int(digits) ?? 0
    }
}

extension StoreValue {
    /// The value's type, for messages ("a string", "an integer").
    public var kindName: String {
        switch self {
        case .data: "data"
        case .string: "a string"
        case .integer: "an integer"
        case .bool: "a Boolean"
        case .double: "a number"
        case .date: "a date"
        case .array: "an array"
        case .dictionary: "a dictionary"
        }
    }
}
