import BackupFormat
import DataStore
import DomainModel
import DurableIO
import Foundation

/// The export an import writes next to the store before changing it (design §8), so a
/// regretted import can be undone with `backupctl import SNAPSHOT --mode replace`.
enum SafetySnapshot {
    /// Exports `reader` next to the store as `<store>.before-import-<UTC time>.ddbackup`.
    /// - Returns: the snapshot's location, or nil when the store holds no data to protect.
    /// - Throws: `SafetySnapshotFailure` when the snapshot cannot be written (a full disk);
    ///   `StoreError` when the store cannot be read.
    static func write(from reader: any StoreReading, nextTo store: URL, clock: StoreClock, storeSchemaVersion: Int)
        throws -> URL?
    {
        let keys = Set(try reader.keys())
        guard StorageKey.dataKeys.contains(where: { keys.contains($0.rawValue) }) else { return nil }
        let stamp = BackupExporter.defaultFileName(at: clock.now())
            .replacingOccurrences(of: "domaindig-", with: "").replacingOccurrences(of: ".ddbackup", with: "")
        var url = store.deletingLastPathComponent().appendingPathComponent(
            "\(store.lastPathComponent).before-import-\(stamp).ddbackup")
        var attempt = 1
        while FileManager.default.fileExists(atPath: url.path) {
            attempt += 1
            url = store.deletingLastPathComponent()
                .appendingPathComponent("\(store.lastPathComponent).before-import-\(stamp)-\(attempt).ddbackup")
        }
        do {
            _ = try BackupExporter(clock: clock).export(
                from: reader, to: .file(url), storeSchemaVersion: storeSchemaVersion)
        } catch let error as FileIOError {
            throw SafetySnapshotFailure(snapshot: url, underlying: error)
        } catch let error as BackupFormatError {
            throw SafetySnapshotFailure(snapshot: url, underlying: error)
        }
        return url
    }
}
