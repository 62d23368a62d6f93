import Foundation

extension NewSQLiteStore: StoreFileCopying {
    public var backend: StoreBackend { .sqlite }

    /// Copies the database as `SQLiteStore.writeCopy(to:)` does. Once published it is the
    /// store under its name — a store this run created and has committed to since, which a
    /// later import in the same run snapshots like any other; before that, the database being
    /// built under its temporary name (`SafetySnapshot` copies only a store that exists under
    /// its name, so it never asks for that one).
    public func writeCopy(to url: URL) throws {
        try current.writeCopy(to: url)
    }
}
