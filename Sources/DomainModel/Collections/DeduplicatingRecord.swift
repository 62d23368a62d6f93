import JSONCore

/// A record two copies of which combine into one: a collection's records with the same
/// natural key, or the one record a store keeps under a key (settings, entitlement, ledger)
/// and the one a backup brings.
public protocol MergeableRecord: JSONRecord {
    /// Combines this record (seen first, or the store's) with `other` (the later one, or
    /// the backup's).
    ///
    /// Each record declares its rule in its `.record` (`merge`, generated; `custom` when written
    /// by hand) and documents it in `Docs/data-model.md`. Rules are idempotent:
    /// `a.merged(with: a) == a`, so re-importing a backup changes nothing. Unknown fields are
    /// unioned; on a clash the copy whose known fields win under the rule wins.
    func merged(with other: Self) -> Self
}

/// A record that belongs to a collection holding one record per natural key.
///
/// Decoding already puts the record in canonical form (canonical domains, timestamps), so
/// two records with the same natural key are true duplicates, combined by `merged(with:)`.
public protocol DeduplicatingRecord: MergeableRecord {
    /// What makes two records the same thing (a canonical domain, an id).
    associatedtype NaturalKey: Hashable & Sendable

    var naturalKey: NaturalKey { get }

    /// `transcode(_:at:checking:into:)`, giving the natural key of the record written; nil
    /// when it gives false, or when the record has no transcoder.
    static func transcodeKeyed(_ view: JSONView, at index: Int, checking: Bool, into writer: inout JSONWriter)
        -> NaturalKey?

    /// `CollectionDecoder.reencodeArray` of a stored array of these records. A requirement so
    /// that each conformance's witness is that function specialised for its type: a caller
    /// generic over the record type, in another module, would otherwise run the generic
    /// builder, which looks up type metadata and calls through witness tables for every record.
    /// - Parameter parts: how many runs to cut a large array into (1: one pass, on this thread).
    static func reencodeArray(_ bytes: consuming [UInt8], options: JSONParseOptions, parts: Int) -> EncodedCollection
}

extension DeduplicatingRecord {
    public static func transcodeKeyed(_ view: JSONView, at index: Int, checking: Bool, into writer: inout JSONWriter)
        -> NaturalKey?
    { nil }

    public static func reencodeArray(_ bytes: consuming [UInt8], options: JSONParseOptions, parts: Int)
        -> EncodedCollection
    { CollectionDecoder.reencodeArray(bytes, as: Self.self, options: options, parts: parts) }
}
