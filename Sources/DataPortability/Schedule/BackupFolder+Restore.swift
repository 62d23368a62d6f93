import BackupFormat
import DurableIO
import Foundation

extension BackupDirectory {
    /// The backup a restore takes from the directory, and the newer ones it passed over.
    public struct RestoreChoice {
        /// The newest backup (before the time asked for) that verified in full; nil when none did.
        public var chosen: Entry?
        /// The chosen backup as it was verified: opened, decrypted (its key derived once) and,
        /// from a remote folder, downloaded, so an import reads it rather than fetching and
        /// opening it again.
        public var opened: BackupFile?
        /// The backups newer than the chosen one — every candidate, when none was chosen —
        /// that were passed over, newest first: damaged or unreadable (the reason is in their
        /// health), or dated after now (a clock set back, or a copy; never counted).
        public var skipped: [Entry]
        /// Every backup of the directory, oldest first, as listed (``BackupFolder/list(now:)``,
        /// without temporary files): only the chosen and the skipped ones were read.
        public var backups: [Entry]
        /// An encrypted backup that no key given opens, where the search stopped (`chosen` is
        /// then nil), and why: restoring an older backup instead is not what was asked.
        public var locked: (entry: Entry, reason: any Error)?
    }
}

extension BackupFolder {
    /// Finds the backup to restore: the newest backup — the newest from strictly before
    /// `before`, when given — that passes full verification (every checksum, and validation
    /// without errors), as `list --verify` checks it. Backups are checked newest first, and
    /// only until one passes, so a restore reads the older ones only when the newer failed —
    /// and each at most once: the chosen one is kept opened (``RestoreChoice/opened``), for the
    /// import, so a remote backup is downloaded once and an encrypted one's key derived once.
    /// An encrypted backup is verified with the keys given (its passphrase asked for, when
    /// only a prompt was given); one that no key given opens ends the search (`locked`).
    /// - Parameters:
    ///   - before: take only backups whose name's time is earlier than this.
    ///   - decryption: the keys for encrypted backups.
    ///   - now: backups named after it are skipped (`.future`).
    ///   - progress: receives how much of each backup being verified has been read.
    /// - Throws: `BackupDirectoryError` when the directory does not exist or is not one;
    ///   `ObjectStorageError` when a remote folder cannot be read.
    public func newestVerified(
        before: Date? = nil, decryption: BackupDecryption = .none, now: Date, progress: ByteProgress.Handler? = nil
    ) throws -> BackupDirectory.RestoreChoice {
        let backups = try list(now: now).filter { $0.time != nil }
        let candidates = backups.filter { entry in before.map { entry.time! < $0 } ?? true }
        var choice = BackupDirectory.RestoreChoice(chosen: nil, skipped: [], backups: backups)
        for var entry in candidates.reversed() {
            if entry.isGood {
                // Not read yet: a restore needs the whole file to verify, which reads the manifest first.
                switch try check(&entry, verify: true, decryption: decryption, needsKey: true, progress: progress) {
                case .missingKey(let reason):
                    choice.locked = (entry, reason)
                    return choice
                case .read(let opened) where entry.isGood:
                    choice.chosen = entry
                    choice.opened = opened
                    return choice
                case .read:
                    break
                }
            }
            choice.skipped.append(entry)
        }
        return choice
    }
}
