import BackupFormat
import DataValidation
import DurableIO
import Foundation

/// One backup of a folder as a check reads it: a local file, or an object downloaded into an
/// unnamed temporary file. Both are judged by the same rules, encrypted or not.
enum FolderBackup {
    case file(URL)
    /// A downloaded object; `name` is its `s3://bucket/key`.
    case downloaded(SpoolFile, name: String)

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
    /// (header, framing, length), and only read when a key given opens it.
    func check(
        _ entry: inout BackupDirectory.Entry, verify: Bool, decryption: BackupDecryption,
        progress: ByteProgress.Handler?
    ) {
        entry.health = .good
        do {
            if isEncrypted {
                entry.isEncrypted = true
                entry.contentsChecked = false
                try verifyWithoutKey(against: nil)
                guard !decryption.identities.isEmpty else { return }
            }
            let backup: BackupFile
            do {
                backup = try open(decryption)
            } catch BackupFormatError.decryptionFailed(_, let error) where error.category == .noMatch {
                return // encrypted for other recipients: sound as far as can be told without its key
            }
            entry.contentsChecked = true
            entry.manifest = try backup.openArchive().manifest
            guard verify else { return }
            backup.readProgress = progress
            let report = DataValidationService.standard().validate(backup: backup)
            if let error = report.findings.first(where: { $0.severity == .error }) {
                entry.health = .damaged("\(error.location): \(error.message)")
            }
        } catch {
            entry.health = .damaged("\(error)")
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
    private var isEncrypted: Bool {
        switch self {
        case .file(let url): EncryptedBackupCheck.isEncrypted(path: url.path)
        case .downloaded(let spool, _): EncryptedBackupCheck.isEncrypted(descriptor: spool.fileDescriptor)
        }
    }

    private func verifyWithoutKey(against record: EncryptionRecord?) throws {
        switch self {
        case .file(let url):
            _ = try EncryptedBackupCheck.verify(path: url.path, against: record)
        case .downloaded(let spool, let name):
            _ = try EncryptedBackupCheck.verify(descriptor: spool.fileDescriptor, name: name, against: record)
        }
    }

    private func open(_ decryption: BackupDecryption) throws -> BackupFile {
        switch self {
        case .file(let url): try BackupFile(path: url.path, decryption: decryption)
        case .downloaded(let spool, let name): try BackupFile(spool: spool, name: name, decryption: decryption)
        }
    }
}
