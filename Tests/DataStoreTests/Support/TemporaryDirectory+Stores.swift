import DataStore
import Foundation
import TestSupport

extension TemporaryDirectory {
    /// An empty SQLite store, created and closed, as `name` in this folder.
    func emptySQLiteStore(_ name: String) throws -> URL {
        let url = file(name)
        try SQLiteStore(url: url, createIfMissing: true).close()
        return url
    }
}
