import BackupFormat
import DurableIO
import Foundation

/// A place that holds time-named backups — a local directory (``BackupDirectory``) or an
/// object-storage prefix (``RemoteBackupFolder``) — as retention and listing see it: the same
/// names, the same health of each backup, the same rules for what may be removed.
public protocol BackupFolder: Sendable {
    /// The folder as the user named it, for messages: a path, or `s3://bucket/prefix`.
    var displayName: String { get }

    /// Every backup (and, locally, every partial file), each checked quickly or in full,
    /// oldest first; see ``BackupDirectory/scan(verify:now:progress:)``.
    func scan(verify: Bool, now: Date, progress: ByteProgress.Handler?) throws -> [BackupDirectory.Entry]

    /// Reads one backup of the folder quickly (its manifest) or in full (`verify`), `progress`
    /// receiving how much of it has been verified.
    /// - Throws: when the folder itself cannot be read (a remote store that is unreachable);
    ///   a backup that does not read is `.damaged`, not an error.
    func check(_ entry: BackupDirectory.Entry, verify: Bool, progress: ByteProgress.Handler?) throws -> (
        BackupDirectory.Health, BackupManifest?
    )

    /// Removes the backups.
    func remove(_ entries: [BackupDirectory.Entry]) throws
}

extension BackupDirectory: BackupFolder {
    public var displayName: String { url.path }

    public func check(_ entry: Entry, verify: Bool, progress: ByteProgress.Handler?) -> (Health, BackupManifest?) {
        BackupDirectory.check(entry.url, verify: verify, progress: progress)
    }

    public func remove(_ entries: [Entry]) throws {
        for entry in entries { try Directory.removeFile(at: entry.url) }
        if !entries.isEmpty { try Directory.sync(at: url) }
    }
}
