import BackupFormat
import DataValidation
import DurableIO
import Foundation

/// One backup of a folder as a check reads it: a local file, or an object downloaded into an
/// unnamed temporary file. Both are judged by the same rules, encrypted or not.
public enum FolderBackup {
    case file(URL)
    /// A downloaded object; `name` is its `s3://bucket/key`.
    case downloaded(SpoolFile, name: String)
    /// An object that could not be downloaded (gone since the listing, too large): damaged.
    case unreadable(any Error)

    /// What ``check(_:verify:decryption:needsKey:progress:)`` found beside the entry's health.
    public enum Checked {
        /// Read as far as the keys given allow: the backup opened — decrypted, for an encrypted
        /// one — when its contents were read; nil when only its header and framing were checked
        /// or it did not open.
        case read(BackupFile?)
        /// With `needsKey`: an encrypted backup no key given opens, and why.
        case missingKey(any Error)
    }

    /// How a new backup's read-back went (see ``readBack(record:decryption:progress:)``).
    enum ReadBackOutcome {
        case passed(ScheduledBackup.ReadBack)
        /// An encrypted backup checked without a key is not what was written.
        case checkFailed(reason: String)
        /// A backup read in full did not validate.
        case verificationFailed(ValidationReport)
    }

    /// Sets the entry's health and manifest: the manifest reads (quick) or every checksum and
    /// validation passes (`verify`); an encrypted backup is first checked without a key
    /// (header, framing, length, and with `checksum` its bytes), and only read when a key
    /// given opens it.
    /// - Parameters:
    ///   - checksum: for an encrypted backup checked with `verify`, its checksum file, if it has
    ///     one: its bytes must match it (``BackupDirectory/Entry/matchesChecksum``).
    ///   - needsKey: for a restore, which needs the contents: an encrypted backup is then
    ///     opened even when only a passphrase prompt was given, and one that no key given opens
    ///     is not taken as sound on its header and framing.
    /// - Returns: with `needsKey`, why an encrypted backup could not be opened (no key given
    ///   opens it, or the passphrase prompt failed); otherwise the backup as opened, so a
    ///   restore imports what it verified without opening (downloading, decrypting) it again.
    @discardableResult
    func check(
        _ entry: inout BackupDirectory.Entry, verify: Bool, decryption: BackupDecryption,
        checksum: ChecksumFile? = nil, needsKey: Bool = false, progress: ByteProgress.Handler?
    ) -> Checked {
        if case .unreadable(let error) = self {
            entry.health = .damaged("\(error)")
            entry.manifest = nil
            return .read(nil)
        }
        entry.health = .good
        let backup: BackupFile
        do {
            do {
                if isEncrypted {
                    entry.isEncrypted = true
                    entry.contentsChecked = false
                    try verifyWithoutKey(against: nil)
                    guard needsKey || !decryption.identities.isEmpty else {
                        try confirm(&entry, by: checksum)
                        return .read(nil)
                    }
                }
                backup = try open(decryption)
            } catch let error where entry.isEncrypted && Self.isMissingKey(error) {
                // Encrypted for other recipients, or altered so that no key opens it: its
                // checksum file, if it has one, tells which.
                try confirm(&entry, by: checksum)
                return needsKey ? .missingKey(error) : .read(nil)
            }
        } catch {
            entry.health = .damaged("\(error)")
            return .read(nil)
        }
        do {
            entry.contentsChecked = true
            entry.manifest = try backup.openArchive().manifest
            guard verify else { return .read(backup) }
            backup.readProgress = progress
            let report = DataValidationService.standard().validate(backup: backup)
            if let error = report.findings.first(where: { $0.severity == .error }) {
                // A finding about the file as a whole is located at the file: its message says it all.
                let located = error.location == backup.name ? "" : "\(error.location): "
                entry.health = .damaged(located + error.message)
            }
        } catch {
            entry.health = .damaged("\(error)")
        }
        return .read(backup)
    }

    /// Whether opening an encrypted backup failed for want of its key — no key given opens it,
    /// or the passphrase prompt failed — rather than because the file is damaged.
    private static func isMissingKey(_ error: any Error) -> Bool {
        switch error {
        case BackupFormatError.decryptionFailed(_, let error): error.category == .noMatch
        case is BackupFormatError, is FileIOError: false
        default: true // the passphrase prompt's own failure (no answer)
        }
    }

    /// Checks a backup just written: in full when it is plain or a key was given; without a
    /// key otherwise, against what was recorded while writing it (header, size, SHA-256).
    /// - Throws: the errors of opening the backup.
    func readBack(record: EncryptionRecord?, decryption: BackupDecryption, progress: ByteProgress.Handler?) throws
        -> ReadBackOutcome
    {
        if let record, decryption.identities.isEmpty {
            do {
                try verifyWithoutKey(against: record)
            } catch let error as BackupFormatError {
                return .checkFailed(reason: error.description)
            }
            return .passed(.checkedWithoutKey(record))
        }
        let written = try open(decryption)
        written.readProgress = progress
        let verification = DataValidationService.standard().validate(backup: written)
        guard !verification.hasErrors else { return .verificationFailed(verification) }
        return .passed(.validated(verification))
    }

    /// Whether the backup is age-encrypted, by its first bytes.
    var isEncrypted: Bool {
        switch self {
        case .file(let url): EncryptedBackupCheck.isEncrypted(path: url.path)
        case .downloaded(let spool, _): EncryptedBackupCheck.isEncrypted(spool.io)
        case .unreadable: false
        }
    }

    private func verifyWithoutKey(against record: EncryptionRecord?) throws {
        try withBytes { _ = try EncryptedBackupCheck.verify($0, against: record) }
    }

    /// With a checksum file, requires the bytes it records (the header and framing are
    /// already checked), and notes that they matched.
    private func confirm(_ entry: inout BackupDirectory.Entry, by checksum: ChecksumFile?) throws {
        guard let checksum else { return }
        try withBytes { try EncryptedBackupCheck.verify($0, against: checksum) }
        entry.matchesChecksum = true
    }

    /// Lends the backup's bytes to `body`: the file opened for it, or the downloaded copy.
    private func withBytes(_ body: (DescriptorIO) throws -> Void) throws {
        switch self {
        case .file(let url): try EncryptedBackupCheck.withFile(path: url.path, body)
        case .downloaded(let spool, let name): try body(spool.io.named(name))
        case .unreadable(let error): throw error
        }
    }

    private func open(_ decryption: BackupDecryption) throws -> BackupFile {
        switch self {
        case .file(let url): try BackupFile(path: url.path, decryption: decryption)
        case .downloaded(let spool, let name): try BackupFile(spool: spool, name: name, decryption: decryption)
        case .unreadable(let error): throw error
        }
    }
}
