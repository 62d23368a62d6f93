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
    private let read: (String) throws -> StoreValue?
    private let options: JSONParseOptions

    /// Reads from a store (committed data) or an open transaction (seeing its own writes).
    public init(_ reader: any StoreReading, options: JSONParseOptions = .default) {
        read = { try reader.value(forKey: $0) }
        self.options = options
    }

    /// The JSON bytes under `key`: nil when absent; an issue when the value is not a blob.
    public func blob(_ key: StorageKey) throws -> (bytes: [UInt8]?, issue: DecodingIssue?) {
        switch try read(key.rawValue) {
        case nil:
            return (nil, nil)
        case .data(let data)?:
            return ([UInt8](data), nil)
        case .string(let text)?:
            // Some app versions stored JSON as a string; the text is the same JSON.
            return (Array(text.utf8), nil)
        case let other?:
            return (
                nil,
                DecodingIssue(
                    kind: .skippedRecord, path: "$",
                    message: "holds \(other.kindName) instead of JSON data; it was left out")
            )
        }
    }

    /// Loads a collection leniently, one record per natural key.
    /// - Throws: `StoreError` when the store cannot be read (never for bad data).
    public func load<Record>(_ key: CollectionKey<Record>) throws -> DecodedCollection<Record> {
        let (bytes, issue) = try blob(key.storageKey)
        guard let bytes else {
            return DecodedCollection(
                records: [], elementCount: 0, duplicatesMerged: 0, issues: issue.map { [$0] } ?? [])
        }
        return CollectionDecoder.decodeArray(bytes, as: Record.self, options: options)
    }

    /// Loads a collection as its canonical JSON array: what `load(_:)` reads, as
    /// `RecordArrayEncoder` would write it, with the same counts and issues — without holding
    /// the decoded records, nor the array in one buffer (`CollectionDecoder.reencodeArray`).
    /// - Throws: `StoreError` when the store cannot be read (never for bad data).
    public func loadEncoded<Record>(_ key: CollectionKey<Record>) throws -> EncodedCollection {
        var stored = try blob(key.storageKey)
        // Handed over, not shared, so the blob is freed before any of its text is rebuilt.
        guard let bytes = stored.bytes.take() else {
            return EncodedCollection(
                bytes: Array("[]".utf8), records: 0, duplicatesMerged: 0, issues: stored.issue.map { [$0] } ?? [])
        }
        return CollectionDecoder.reencodeArray(bytes, as: Record.self, options: options)
    }

    /// Loads an object record leniently; nil when absent or unreadable (then reported).
    public func load<Record>(_ key: ObjectKey<Record>) throws -> (record: Record?, issues: [DecodingIssue]) {
        let (bytes, issue) = try blob(key.storageKey)
        guard let bytes else { return (nil, issue.map { [$0] } ?? []) }
        return CollectionDecoder.decodeObject(bytes, as: Record.self, options: options)
    }

    /// Loads a JSON array of strings (recent searches, saved domains).
    public func loadStrings(_ key: StorageKey) throws -> (strings: [String], issues: [DecodingIssue]) {
        let (bytes, issue) = try blob(key)
        guard let bytes else { return ([], issue.map { [$0] } ?? []) }
        var strings: [String] = []
        var issues: [DecodingIssue] = []
        do {
            try JSONArrayStream.forEachElement(in: bytes, options: options) { index, element in
                if let string = element.string {
                    strings.append(string)
                } else {
                    issues.append(
                        DecodingIssue(
                            kind: .skippedElement, path: "$[\(index)]",
                            message: "must be a string, not \(element.kind); it was left out"))
                }
            }
        } catch {
            issues.append(
                DecodingIssue(kind: .skippedRecord, path: "$", message: "cannot be read (\(error)); it was left out"))
        }
        return (strings, issues)
    }

    /// Loads the app settings from their three keys; missing parts take their defaults.
    /// Issues are keyed by the store key they come from.
    public func loadAppSettings() throws -> (settings: AppSettings, issues: [(StorageKey, DecodingIssue)]) {
        var issues: [(StorageKey, DecodingIssue)] = []
        let searches = try loadStrings(.recentSearches)
        issues += searches.issues.map { (.recentSearches, $0) }
        // AppSettings keeps the first distinct searches without a word; the cut is reported
        // here, as for saved domains, so an export warns about what it left out.
        var seenSearches = Set<String>()
        let distinctSearchCount = searches.strings.reduce(0) { count, search in
            let key = search.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            return !key.isEmpty && seenSearches.insert(key).inserted ? count + 1 : count
        }
        if distinctSearchCount > AppSettings.maxRecentSearches {
            issues.append(
                (
                    .recentSearches,
                    DecodingIssue(
                        kind: .truncatedList, path: "$",
                        message: "holds more than \(AppSettings.maxRecentSearches) searches; the rest were left out")
                ))
        }
        let saved = try loadStrings(.savedDomains)
        issues += saved.issues.map { (.savedDomains, $0) }
        var savedDomains: [String] = []
        var seenDomains = Set<String>()
        for (index, raw) in saved.strings.enumerated() {
            let canonical = DomainName.canonical(raw)
            if DomainName.isValid(canonical) {
                if seenDomains.insert(canonical).inserted { savedDomains.append(canonical) }
            } else {
                issues.append(
                    (
                        .savedDomains,
                        DecodingIssue(
                            kind: .skippedElement, path: "$[\(index)]",
                            message: "is not a valid domain name: \"\(raw)\"; it was left out")
                    ))
            }
        }
        if savedDomains.count > AppSettings.maxSavedDomains {
            issues.append(
                (
                    .savedDomains,
                    DecodingIssue(
                        kind: .truncatedList, path: "$",
                        message: "holds more than \(AppSettings.maxSavedDomains) domains; the rest were left out")
                ))
            savedDomains.removeSubrange(AppSettings.maxSavedDomains...)
        }
        let preferences = try load(.appPreferences)
        issues += preferences.issues.map { (.appPreferences, $0) }
        let settings = AppSettings(
            recentSearches: searches.strings, savedDomains: savedDomains,
            preferences: preferences.record ?? .defaults)
        return (settings, issues)
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
