import DataStore
import DomainModel
import Foundation

/// The copy of the store an import writes next to it before changing it (design §8), so a
/// regretted import can be undone exactly: `backupctl import SNAPSHOT --mode replace --store
/// STORE` puts back every key as it was — fields and keys this build does not know, records it
/// cannot read, duplicates, the spelling the app wrote, the schema version — and removes the
/// keys the import added.
///
/// The snapshot is the store file itself, copied consistently (`StoreFileCopying`: SQLite's
/// online backup API, or the property list's committed values in its own format), not an
/// export: an export is canonical and merges duplicates, so it cannot give back the store's
/// bytes. It is taken at the start of the import's transaction, before the migrations, where
/// no other writer can commit.
///
/// It sits next to the store's resolved file (the one that is locked and written, whatever
/// link the user named), and is never the store or one of its files (`OutputGuard`).
enum SafetySnapshot {
    /// Copies the store next to its resolved file as
    /// `<store>.before-import-<UTC time>.<sqlite|plist>`.
    /// - Returns: the snapshot's location; nil when no store exists under the name yet — this
    ///   run creates it, and a new store appears only when the import commits, so there is
    ///   nothing to go back to (deleting it undoes the import) — or the store is not kept in a
    ///   file.
    /// - Throws: `OutputRefusal.isInput` when the snapshot's name reaches one of the store's
    ///   files (a link planted there); `StoreError` when the copy cannot be written.
    static func write(of store: LockedStore, clock: StoreClock) throws -> URL? {
        guard store.exists, let copying = store.store as? any StoreFileCopying else { return nil }
        let location = store.url
        let stamp = BackupExporter.defaultFileName(at: clock.now())
            .replacingOccurrences(of: "domaindig-", with: "").replacingOccurrences(of: ".ddbackup", with: "")
        let suffix = copying.backend.preferredPathExtension
        var url = location.deletingLastPathComponent().appendingPathComponent(
            "\(location.lastPathComponent).before-import-\(stamp).\(suffix)")
        var attempt = 1
        while FileManager.default.fileExists(atPath: url.path) {
            attempt += 1
            url = location.deletingLastPathComponent()
                .appendingPathComponent("\(location.lastPathComponent).before-import-\(stamp)-\(attempt).\(suffix)")
        }
        // Never the store or one of its files, even through a link planted under the name.
        try OutputGuard.refuse(output: url, overwriting: StoreFiles.all(of: store.url))
        try copying.writeCopy(to: url)
        return url
    }
}
