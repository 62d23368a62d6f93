import DataStore
import Foundation
import Testing

@testable import DataMigration

@Suite struct MigrationJournalTests {
    static let entry = MigrationJournalEntry(
        step: 2, fromVersion: 1, toVersion: 2, appliedAt: Date(timeIntervalSince1970: 1_700_000_000.25),
        durationMs: 12, counts: ["b": 2, "a": 1], tool: "backupctl 0.1.0")

    @Test func appendedEntriesReadBackInOrder() throws {
        let store = InMemoryStore()
        var second = Self.entry
        second.step = 3
        try store.transaction { transaction in
            try MigrationJournal.append(Self.entry, in: transaction)
            try MigrationJournal.append(second, in: transaction)
        }
        #expect(try MigrationJournal.entries(in: store) == [Self.entry, second])
    }

    @Test func entryIsWrittenAsDocumented() throws {
        let store = InMemoryStore()
        try store.transaction { try MigrationJournal.append(Self.entry, in: $0) }
        #expect(
            store.entries["data.migrationJournal"]
                == .json(
                    #"[{"step":2,"from":1,"to":2,"appliedAt":"2023-11-14T22:13:20.250Z","durationMs":12,"counts":{"a":1,"b":2},"tool":"backupctl 0.1.0"}]"#
                ))
    }

    @Test func missingOrUnreadableJournalHasNoEntries() throws {
        #expect(try MigrationJournal.entries(in: InMemoryStore()).isEmpty)
        #expect(
            try MigrationJournal.entries(in: InMemoryStore(entries: ["data.migrationJournal": .json("not json")]))
                .isEmpty)
        #expect(
            try MigrationJournal.entries(in: InMemoryStore(entries: ["data.migrationJournal": .string("[]")])).isEmpty)
    }

    /// Fixed bug: appending rewrote the journal from the entries this build could read, so an
    /// entry it could not (another build's, or damaged) was silently dropped.
    @Test func appendingKeepsEntriesThisBuildCannotRead() throws {
        let foreign = #"{"step":1,"from":0,"to":1,"when":"yesterday","tool":"DomainDig 9"}"#
        let store = InMemoryStore(entries: ["data.migrationJournal": .json("[\(foreign)]")])
        #expect(try MigrationJournal.entries(in: store).isEmpty)
        try store.transaction { try MigrationJournal.append(Self.entry, in: $0) }
        guard case .data(let data)? = store.entries["data.migrationJournal"] else {
            Issue.record("the journal is not data")
            return
        }
        let journal = try StrictJSON(parsing: [UInt8](data))
        #expect(journal.arrayElements?.count == 2)
        #expect(journal.arrayElements?.first == (try StrictJSON(parsing: Array(foreign.utf8))))
        #expect(try MigrationJournal.entries(in: store) == [Self.entry])
    }
}
