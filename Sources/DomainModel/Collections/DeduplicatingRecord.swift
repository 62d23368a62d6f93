/// A record that belongs to a collection holding one record per natural key.
///
/// Decoding already puts the record in canonical form (canonical domains, timestamps), so
/// two records with the same natural key are true duplicates, combined by `merged(with:)`.
public protocol DeduplicatingRecord: JSONRecord {
    /// What makes two records the same thing (a canonical domain, an id).
    associatedtype NaturalKey: Hashable & Sendable

    /// The record's natural key.
    var naturalKey: NaturalKey { get }

    /// Combines this record (seen first) with `other`, which has the same natural key.
    ///
    /// Each collection documents its rule in `Docs/data-model.md`. Rules are idempotent:
    /// `a.merged(with: a) == a`, so re-importing a backup changes nothing.
    func merged(with other: Self) -> Self
}
