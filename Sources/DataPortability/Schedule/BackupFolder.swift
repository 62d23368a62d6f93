import BackupFormat
import DurableIO
import Foundation

/// A place that holds time-named backups — a local directory (``BackupDirectory``) or an
/// object-storage prefix (``RemoteBackupFolder``) — as retention and listing see it: the same
/// names, the same health of each backup, the same rules for what may be removed, encrypted
/// backups included.
public protocol BackupFolder: Sendable {
    /// The folder as the user named it, for messages: a path, or `s3://bucket/prefix`.
    var displayName: String { get }

    /// Every backup (and, locally, every partial file), each checked quickly or in full,
    /// oldest first; see ``BackupDirectory/scan(verify:decryption:now:progress:)``.
    func scan(verify: Bool, decryption: BackupDecryption, now: Date, progress: ByteProgress.Handler?) throws
        -> [BackupDirectory.Entry]

    /// Reads one backup of the folder quickly (its manifest) or in full (`verify`), setting
    /// the entry's health, manifest and encryption; an encrypted backup no key given opens is
    /// checked as far as it can be without one. `progress` receives how much of it has been
    /// verified.
    /// - Parameter needsKey: for a restore, which needs the contents: an encrypted backup is
    ///   then opened even when only a passphrase prompt was given, and one no key given opens is
    ///   not taken as sound on its header and framing.
    /// - Returns: with `needsKey`, why an encrypted backup could not be opened; nil otherwise.
    /// - Throws: when the folder itself cannot be read (a remote store that is unreachable);
    ///   a backup that does not read is `.damaged`, not an error.
    @discardableResult
    func check(
        _ entry: inout BackupDirectory.Entry, verify: Bool, decryption: BackupDecryption, needsKey: Bool,
        progress: ByteProgress.Handler?
    ) throws -> (any Error)?

    /// Removes the backups.
    func remove(_ entries: [BackupDirectory.Entry]) throws
}

extension BackupDirectory: BackupFolder {
    public var displayName: String { url.path }

    @discardableResult
    public func check(
        _ entry: inout Entry, verify: Bool, decryption: BackupDecryption, needsKey: Bool,
        progress: ByteProgress.Handler?
    ) -> (any Error)? {
        BackupDirectory.check(&entry, verify: verify, decryption: decryption, needsKey: needsKey, progress: progress)
    }

    public func remove(_ entries: [Entry]) throws {
        for entry in entries { try Directory.removeFile(at: entry.url) }
        if !entries.isEmpty { try Directory.sync(at: url) }
    }
}
