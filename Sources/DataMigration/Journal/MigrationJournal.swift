import DataStore
import Foundation
import JSONCore

/// The store's record of applied migration steps, kept under `data.migrationJournal` and
/// appended in the same transaction as each step.
public enum MigrationJournal {
    /// The entries in `store`, oldest first; unreadable entries are skipped.
    public static func entries(in store: any StoreReading) throws -> [MigrationJournalEntry] {
        guard case .data(let data)? = try store.value(forKey: StorageKey.migrationJournal.rawValue),
            let document = try? JSONDocument(parsing: data)
        else { return [] }
        return document.root.elements.compactMap(MigrationJournalEntry.init(json:))
    }

    /// Appends `entry` inside `transaction`.
    ///
    /// Earlier entries are copied as written, readable or not: an entry this build cannot
    /// read (written by another build, or damaged) is still history and is not dropped.
    public static func append(_ entry: MigrationJournalEntry, in transaction: any StoreTransaction) throws {
        var writer = JSONWriter(capacity: 1024)
        writer.beginArray()
        if case .data(let data)? = try transaction.value(forKey: StorageKey.migrationJournal.rawValue),
            let document = try? JSONDocument(parsing: data), document.root.kind == .array
        {
            for existing in document.root.elements { writer.value(existing) }
        }
        entry.encode(to: &writer)
        writer.endArray()
        try transaction.set(.data(Data(writer.bytes)), forKey: StorageKey.migrationJournal.rawValue)
    }
}
