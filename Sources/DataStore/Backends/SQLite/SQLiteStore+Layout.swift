import CSQLite
import Foundation

extension SQLiteStore {
    /// What the database file holds before we touch it.
    struct LayoutState {
        var applicationID: Int32
        var userVersion: Int
        var tables: [String]
        var schemaObjectCount: Int

        /// A database no one has written a schema into: a new or zero-length file.
        var isBlank: Bool { applicationID == 0 && userVersion == 0 && schemaObjectCount == 0 }
    }

    /// The page size of stores this build creates: SQLite's largest. A store is a handful of
    /// rows whose values run to hundreds of megabytes, kept in chains of overflow pages, each
    /// page one frame in the write-ahead log and one write at the checkpoint: 64 KiB pages make
    /// sixteen times fewer of them than the default 4 KiB (importing the large benchmark backup
    /// into a new store: about half a second less of 4.7 s). Existing stores keep theirs.
    static let newStorePageSize = 65_536

    /// Verifies that the file is a DomainDig store of a layout this build reads, or — when
    /// allowed — turns a blank database into one. Only reads until the file is known to be
    /// ours or blank, so a foreign file is never modified.
    func openLayout(creatingIfBlank: Bool) throws {
        var state = try readLayoutState()
        if state.isBlank {
            guard creatingIfBlank else {
                throw StoreError.notAStore(
                    path: location, reason: "it is an empty SQLite database without DomainDig data")
            }
            // Set before the first page is written; a database that has one keeps its size.
            try database.execute("PRAGMA page_size = \(Self.newStorePageSize)")
            try database.execute("BEGIN IMMEDIATE")
            do {
                // Another process may have initialized it while we waited for the lock.
                state = try readLayoutState()
                if state.isBlank {
                    try database.execute(
                        """
                        PRAGMA application_id = \(Self.applicationID);
                        PRAGMA user_version = \(Self.layoutVersion);
                        CREATE TABLE entries (key TEXT PRIMARY KEY NOT NULL, kind TEXT NOT NULL, value BLOB);
                        """)
                    state = try readLayoutState()
                }
                try database.execute("COMMIT")
            } catch {
                if database.isInTransaction { try? database.execute("ROLLBACK") }
                throw error
            }
        }
        try verify(state)
    }

    private func verify(_ state: LayoutState) throws {
        guard state.applicationID == Self.applicationID else {
            let found =
                state.applicationID == 0
                ? "it has no application_id"
                : "its application_id is \(hex(state.applicationID)), not \(hex(Self.applicationID))"
            let tables = state.tables.isEmpty ? "" : " and it holds the tables \(state.tables.joined(separator: ", "))"
            throw StoreError.notAStore(
                path: location, reason: "it is an SQLite database of another application (\(found)\(tables))")
        }
        guard state.userVersion <= Self.layoutVersion else {
            throw StoreError.newerLayout(path: location, found: state.userVersion, supported: Self.layoutVersion)
        }
        guard state.userVersion == Self.layoutVersion else {
            throw StoreError.corrupt(
                path: location, reason: "its layout version is \(state.userVersion), which no backupctl writes")
        }
        guard state.tables == ["entries"] else {
            throw StoreError.corrupt(
                path: location,
                reason: "it should hold exactly the table entries but holds [\(state.tables.joined(separator: ", "))]")
        }
        let columns = try database.prepare("SELECT name FROM pragma_table_info('entries') ORDER BY cid").texts()
        guard columns == ["key", "kind", "value"] else {
            throw StoreError.corrupt(
                path: location,
                reason: "the entries table has the columns [\(columns.joined(separator: ", "))], not [key, kind, value]"
            )
        }
    }

    private func readLayoutState() throws -> LayoutState {
        func integer(_ sql: String) throws -> Int64 {
            try database.prepare(sql).use { statement in
                guard try statement.step() else { return 0 }
                return statement.int64(at: 0)
            }
        }
        let tables = try database.prepare(
            """
            SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name
            """
        ).texts()
        return LayoutState(
            applicationID: Int32(truncatingIfNeeded: try integer("PRAGMA application_id")),
            userVersion: Int(try integer("PRAGMA user_version")),
            tables: tables,
            schemaObjectCount: Int(try integer("SELECT count(*) FROM sqlite_schema")))
    }

    private func hex(_ value: Int32) -> String {
        "0x" + String(UInt32(bitPattern: value), radix: 16, uppercase: true)
    }
}
