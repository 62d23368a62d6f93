import DataStore
import DomainModel
import Foundation
import JSONCore

/// Re-normalises stored collections for migrations: readable records are canonicalised and
/// deduplicated by the record's merge rule; elements that cannot be read are kept verbatim
/// after them, because a migration must never destroy data it does not understand.
enum CollectionNormalizer {
    /// A blob value rewritten by `reshape` (one of this file's or a reshaper's), for a
    /// `TransformingMigration`: nil when the value is not a blob or `reshape` leaves it alone.
    static func transform(
        _ value: StoreValue, _ reshape: ([UInt8]) -> (bytes: [UInt8], count: Int)?
    ) -> (value: StoreValue, count: Int)? {
        guard let bytes = value.jsonBytes, let reshaped = reshape(bytes) else { return nil }
        return (.data(Data(reshaped.bytes)), reshaped.count)
    }

    /// Merges and normalises `blobs` (in order) into one array, through the deduplicating
    /// load path (`CollectionDecoder`), keeping unreadable elements verbatim.
    /// - Returns: the new bytes and how many stored elements changed (rewritten, merged away),
    ///   or nil when nothing would change or a blob is not a readable JSON array (left alone).
    static func normalize<Record: DeduplicatingRecord>(_ blobs: [[UInt8]], as type: Record.Type) -> (
        bytes: [UInt8], count: Int
    )? {
        var records: [Record] = []
        var unreadable: [[UInt8]] = []
        var inputElements: [[UInt8]] = []
        for blob in blobs {
            let decoded = CollectionDecoder.decodeArray(blob, as: Record.self)
            if decoded.elementCount == 0 && !decoded.issues.isEmpty { return nil }
            records += decoded.records
            unreadable += decoded.unreadableElements
            try? JSONArrayStream.forEachElement(in: blob) { _, element in
                inputElements.append(Array(blob[element.sourceRange]))
            }
        }
        let distinct = RecordCollection(records).records
        let output = RecordArrayEncoder.encode(
            distinct, verbatim: unreadable, capacity: blobs.reduce(0) { $0 + $1.count }
        ).joined()
        if blobs.count == 1 && output == blobs[0] { return nil }
        let kept = Set(distinct.map(\.canonicalJSON) + unreadable)
        let changed = inputElements.filter { !kept.contains($0) }.count
        if blobs.count == 1 && changed == 0 && distinct.count + unreadable.count == inputElements.count { return nil }
        return (output, changed)
    }

    /// Canonicalises and deduplicates a JSON array of domain names; anything that is not a
    /// valid domain name is kept verbatim after them.
    static func normalizeDomainList(_ blob: [UInt8]) -> (bytes: [UInt8], count: Int)? {
        guard let document = try? JSONDocument(parsing: blob), document.root.kind == .array else { return nil }
        var domains: [String] = []
        var seen = Set<String>()
        var kept: [JSONValue] = []
        var changed = 0
        for element in document.root.elements {
            guard let raw = element.string, DomainName.isValid(raw) else {
                kept.append(element)
                continue
            }
            let canonical = DomainName.canonical(raw)
            let isNew = seen.insert(canonical).inserted
            if isNew { domains.append(canonical) }
            // One count per element changed, whether re-spelled, dropped as a duplicate, or both.
            if canonical != raw || !isNew { changed += 1 }
        }
        guard changed > 0 else { return nil }
        var writer = JSONWriter(capacity: blob.count)
        writer.beginArray()
        for domain in domains { writer.string(domain) }
        for element in kept { writer.value(element) }
        writer.endArray()
        return (writer.takeBytes(), changed)
    }
}
