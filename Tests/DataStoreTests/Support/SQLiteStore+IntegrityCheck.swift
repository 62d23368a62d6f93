@testable import DataStore

extension SQLiteStore {
    /// Runs SQLite's own consistency check.
    /// - Returns: "ok" for a sound database, else SQLite's list of problems, one per line.
    func integrityCheck() throws -> String {
        try database.prepare("PRAGMA integrity_check").texts().joined(separator: "\n")
    }
}
