import BackupFormat
import DomainModel
import Foundation

/// Validates backups (design §5): version policy, structure, schema and semantics, with a
/// finding for every problem rather than an exception for the first.
///
///     let report = try DataValidationService().validate(backup: "backup.ddbackup")
///     if report.isFromNewerVersion { exit(76) } else if report.hasErrors { exit(65) }
public struct DataValidationService: Sendable {
    /// The limits the reader enforces.
    public var limits: BackupReadLimits
    /// Brings version 1 and 2 backups to the current version so the current rules
    /// (references, duplicates) can run on them; without it they get schema checks only.
    public var upgrader: (any BackupUpgrading)?

    public init(limits: BackupReadLimits = .default, upgrader: (any BackupUpgrading)? = nil) {
        self.limits = limits
        self.upgrader = upgrader
    }

    /// Validates the backup at `path` (`-` for standard input), decrypting it with `decryption`
    /// when it is encrypted.
    /// - Throws: only when the file cannot be opened (`FileIOError`, e.g. not found) or, if it
    ///   is encrypted, its key cannot be unwrapped (`BackupFormatError.decryptionFailed`); every
    ///   problem with its contents is a finding.
    public func validate(backup path: String, decryption: BackupDecryption = .none) throws -> ValidationReport {
        try validate(backup: BackupFile(path: path, maxInputSize: limits.archive.maxTotalSize, decryption: decryption))
    }

    public func validate(backup file: BackupFile) -> ValidationReport {
        validation(of: file).report
    }

    /// Validates an opened backup file and, for a version 1 or 2 backup that validates, hands
    /// back the upgrade the current rules checked, so nothing reads or upgrades it again.
    public func validation(of file: BackupFile) -> BackupValidation {
        switch open(file) {
        case .archive(let reader): BackupValidation(report: validate(archive: reader, file: file.name))
        case .document(let legacy): validate(document: legacy)
        case .refused(let report): BackupValidation(report: report)
        }
    }

    /// Opens `file` as what its bytes say it is: the one place where a file that cannot be
    /// read as a backup becomes the report that refuses it, for validation, import and upgrade.
    /// - Returns: an archive's reader, its manifest read; a single document, parsed; or the
    ///   refusal, with the finding for what stopped the reading (`finding(for:file:)`).
    public func open(_ file: BackupFile) -> OpenedBackup {
        do {
            switch file.encoding {
            case .tar:
                return .archive(try file.openArchive(limits: limits))
            case .plainJSON, .gzipJSON:
                return .document(try file.readLegacyDocument(limits: limits))
            case .unknown:
                let finding = Finding(
                    .error, .archiveUnreadable, section: nil, location: file.name,
                    message: Self.refusal(of: file.resemblance))
                return .refused(ValidationReport(file: file.name, findings: [finding]))
            }
        } catch {
            var report = ValidationReport(file: file.name, findings: [Self.readingFinding(for: error, file: file.name)])
            if case .newerSchemaVersion(_, let found, _)? = error as? BackupFormatError { report.schemaVersion = found }
            return .refused(report)
        }
    }

    /// Why a file that is no backup is refused, by what it looks like.
    private static func refusal(of resemblance: BackupFile.Resemblance) -> String {
        switch resemblance {
        case .damagedAgeFile:
            "the file looks like a damaged age-encrypted backup: its first line is not "
                + "age-encryption.org/v1 but close to it, so it cannot be decrypted; use another copy of the backup."
        case .armoredAgeFile:
            "the file is an ASCII-armored age file (age -a), which backupctl does not read: decrypt it "
                + "with age -d and pipe the backup to backupctl, which reads one from standard input (-)."
        case .nothingKnown:
            "the file is not a DomainDig backup: its first bytes are neither a tar archive "
                + "(zstd, gzip or uncompressed) nor a JSON document."
        }
    }

    /// Turns any error that stops reading into its finding: `finding(for:file:)`'s for a
    /// `BackupFormatError`, the archive unreadable for another.
    private static func readingFinding(for error: any Error, file: String) -> Finding {
        (error as? BackupFormatError).map { finding(for: $0, file: file) }
            ?? Finding(.error, .archiveUnreadable, section: nil, location: file, message: "\(error)")
    }

    /// Turns an error that stops reading into its finding.
    public static func finding(for error: BackupFormatError, file: String) -> Finding {
        switch error {
        case .newerSchemaVersion(_, let found, let supported):
            Finding(
                .error, .versionNewer, section: nil, location: file,
                message:
                    "this is a schema version \(found) backup, written by a newer build; this build reads versions up to \(supported). Nothing can be imported from it; use a newer backupctl."
            )
        case .invalidManifest, .manifestNotFirst:
            Finding(
                .error, .manifestInvalid, section: nil, location: BackupManifest.entryPath, message: error.description)
        default:
            Finding(.error, .archiveUnreadable, section: nil, location: file, message: error.description)
        }
    }

    /// Checks every section of an opened archive (`file` names it in the findings).
    private func validate(archive reader: BackupArchiveReader, file: String) -> ValidationReport {
        let session = BackupValidationSession(manifest: reader.manifest, archive: file, options: limits.json)
        var findings: [Finding] = []
        let sections = PrefetchingSectionReader(reader)
        do {
            while let payload = try sections.next() { session.check(payload) }
        } catch {
            findings.append(Self.readingFinding(for: error, file: file))
        }
        sections.stop()
        let sessionFindings = session.finish(missing: reader.isFinished ? reader.missingSections : [])
        return ValidationReport(
            file: file, schemaVersion: reader.manifest.schemaVersion, findings: sessionFindings + findings)
    }
}
