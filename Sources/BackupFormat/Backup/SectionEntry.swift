import DomainModel

/// What one backup section is, declared once in `BackupSection.entry`, for every layer above
/// to read rather than switch over the sections. The record type in `records` is opened once
/// per section into a generic function (`func stage<Record: DeduplicatingRecord>(_: Record.Type)`),
/// so the section's records go through code specialised for it, never an existential.
public struct SectionEntry: Sendable {
    /// How a section's records are held in the backup and in the store.
    public enum Records: Sendable {
        /// A JSON array of records, one per natural key, under one store key.
        case array(any DeduplicatingRecord.Type)
        /// One object under one store key, of the type of `defaults`, which stand for an absent one.
        case object(defaults: any MergeableRecord)
        /// One object under one store key, or `null` when the store has none.
        case optionalObject(any MergeableRecord.Type)
        /// One object assembled from several store keys, some of them lists whose elements
        /// are read one by one (`arrayStoreKeys`): the app settings, which the store layer
        /// loads and saves as one (`RecordLoader.loadAppSettings`).
        case composite(defaults: any MergeableRecord)
    }

    /// A check between records (design §5 "semantic"), run by the validator on each record
    /// of the section that passed the schema, in the order listed.
    public enum Reference: Sendable, Equatable {
        /// The records are the tracked domains, named by this field; a second record of the
        /// same canonical domain is a duplicate. Checking depends on the records' order.
        case tracksDomain(field: String)
        /// The records are the snapshots other sections name, by this id field.
        case definesSnapshot(field: String)
        /// This field names a tracked domain, or holds a list of them.
        case namesTrackedDomains(field: String)
        /// This field names a snapshot of the lookup history.
        case namesSnapshot(field: String)
        /// The record's `balance` is the sum of its `entries`' `amount`s.
        case balancesLedger
    }

    /// The record type and shape.
    public let records: Records
    /// The store keys the section is made from (design §3).
    public let storeKeys: [String]
    /// The store keys that hold JSON arrays, whose elements are read one by one (an
    /// unreadable one is kept beside the rest); the others hold one object.
    public let arrayStoreKeys: [String]
    /// The first backup schema version that has the section. An archive of an earlier
    /// version is not blamed for lacking it, and importing one leaves the store's as it is.
    public let since: Int
    /// Where a version 2 document kept the section's data (keys from the root), if it did:
    /// the version 2 → 3 upgrade reads it from there.
    public let version2Path: [String]?
    /// The checks between this section's records and earlier sections'.
    public let references: [Reference]

}
