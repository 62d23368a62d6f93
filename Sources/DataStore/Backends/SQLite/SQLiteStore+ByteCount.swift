extension SQLiteStore {
    /// The size of the value under `key` from its row's header: SQLite's `length()` of a BLOB
    /// column does not read the value's overflow pages, so the lookup history's hundreds of
    /// megabytes are measured without being read.
    /// - Throws: `StoreError.sqlite`.
    public func byteCount(forKey key: String) throws -> Int? {
        let statement = try database.prepare(
            """
            SELECT CASE kind WHEN 'data' THEN length(value) WHEN 'string' THEN length(CAST(value AS BLOB)) ELSE 0 END
            FROM entries WHERE key = ?1
            """)
        return try statement.use { statement in
            try statement.bind(key, at: 1)
            guard try statement.step() else { return nil }
            return Int(statement.int64(at: 0))
        }
    }
}
