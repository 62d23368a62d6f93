import BackupFormat
import DataMigration
import DataValidation
import DomainModel
import Foundation

/// Rewrites an older backup (v1, v2, v3) as a current (v4) archive: validated first, upgraded
/// step by step, written atomically. A section the old version never had stays absent (the
/// manifest names it so), so importing the new file does what importing the old one does. A
/// current backup is verified and copied.
public struct BackupUpgrade {
    public struct Summary: Sendable {
        public var input: String
        public var output: String
        public var fromVersion: Int
        public var manifest: BackupManifest
        /// The validation of the input (notes and warnings included).
        public var report: ValidationReport
        public var inputWasEncrypted: Bool
        /// For an encrypted output, what was recorded about it while writing.
        public var encryption: EncryptionRecord?

        /// What became of the backup: upgraded if its version was older; else (a current
        /// backup, copied entry by entry) what changed about its encryption — re-encrypted is
        /// key rotation.
        public var outcome: Outcome {
            if fromVersion < manifest.schemaVersion { return .upgraded }
            switch (inputWasEncrypted, encryption != nil) {
            case (true, true): return .reEncrypted
            case (false, true): return .encrypted
            case (true, false): return .decrypted
            case (false, false): return .copied
            }
        }
    }

    /// What an upgrade did to the backup (`upgrade --json`'s `outcome`).
    public enum Outcome: String, Sendable {
        /// Rewritten at the current version from an older one.
        case upgraded
        /// Already current; read with the old key and encrypted anew (key rotation).
        case reEncrypted = "re-encrypted"
        /// Already current and unencrypted; the copy is encrypted.
        case encrypted
        /// Already current and encrypted; the copy is not (`--decrypt`).
        case decrypted
        /// Already current, unencrypted, and copied unencrypted (recompressed, if asked).
        case copied
    }

    public enum Refusal: Error, CustomStringConvertible, Sendable {
        /// The input has validation errors; nothing was written.
        case invalid(ValidationReport)
        /// The input is encrypted, and no encryption was given for the output: writing it in
        /// the clear must be asked for explicitly.
        case wouldDecrypt(file: String)

        public var description: String {
            switch self {
            case .invalid(let report):
                let first = report.firstError.map { " First: \($0)" } ?? ""
                return
                    "\(report.file) has \(Wording.count(report.count(.error), "validation error")), so it was not upgraded; nothing was written.\(first)"
            case .wouldDecrypt(let file):
                return "\(file) is encrypted, and no encryption was given for the output; nothing was written."
            }
        }
    }

    public var compression: ArchiveCompression
    public var limits: BackupReadLimits
    public var decryption: BackupDecryption
    /// Whether, and to whom, the output is encrypted (re-encrypting to new recipients is how
    /// keys are rotated).
    public var encryption: BackupEncryption
    /// Whether an encrypted input may be written out unencrypted (without it, that is refused).
    public var allowsPlaintextOutput: Bool
    /// Receives how far the upgrade has read its input, for a progress display. An archive is
    /// read twice — validated, then copied — so its total is twice the file's size; a single
    /// document is read once, validated and upgraded together.
    public var progress: ByteProgress.Handler?
    /// Brings a version 1 or 2 backup to the current version, once: the validation that
    /// checks the upgrade hands it on to be written.
    public var upgrader: any BackupUpgrading = BackupUpgrader()
    /// The time recorded on the new archive's tar headers (the manifest keeps the backup's own
    /// `createdAt`).
    public var clock: StoreClock

    public init(
        compression: ArchiveCompression = .default, limits: BackupReadLimits = .default,
        decryption: BackupDecryption = .none, encryption: BackupEncryption = .none, allowsPlaintextOutput: Bool = false,
        clock: StoreClock = StoreClock()
    ) {
        self.clock = clock
        self.compression = compression
        self.limits = limits
        self.decryption = decryption
        self.encryption = encryption
        self.allowsPlaintextOutput = allowsPlaintextOutput
    }

    /// The input's reading number `pass` (0, validating; 1, copying) of `passes`, as part of all.
    private func progress(ofPass pass: Int64, of passes: Int64) -> ByteProgress.Handler? {
        guard let progress else { return nil }
        return { read in
            progress(ByteProgress(completed: pass * read.total + read.completed, total: passes * read.total))
        }
    }

    /// Refuses a backup whose validation found errors: upgraders are written for backups that
    /// validate, so one that does not is refused rather than upgraded.
    /// - Throws: `BackupFormatError.newerSchemaVersion` (76) or `Refusal.invalid` (65).
    static func refuseUnlessValid(_ report: ValidationReport) throws {
        if report.isFromNewerVersion, let version = report.schemaVersion {
            throw BackupFormatError.newerSchemaVersion(
                archive: report.file, found: version, supported: DomainDigBackup.currentSchemaVersion)
        }
        guard !report.hasErrors else { throw Refusal.invalid(report) }
    }

    /// Upgrades `input` (a path, `-` or `s3://bucket/key`) into a new archive at `output`.
    /// - Throws: `Refusal.invalid` (exit 65), `Refusal.wouldDecrypt`,
    ///   `BackupFormatError.newerSchemaVersion` (76), `BackupFormatError.decryptionFailed`, file
    ///   errors; nothing is left under `output` on failure.
    public func run(input: String, output: URL) throws -> Summary {
        try run(
            input: try BackupInput.open(input, maxInputSize: limits.archive.maxTotalSize, decryption: decryption),
            output: output)
    }

    /// Upgrades an opened backup into a new archive at `output`; see ``run(input:output:)-(String,_)``.
    /// (A command opens the input itself, so that a file error while upgrading is about the
    /// output, and an encrypted input's key is unwrapped once.) A single document is read and
    /// upgraded once; an archive is read twice, verified whole before anything is written.
    public func run(input file: BackupFile, output: URL) throws -> Summary {
        if file.encryptionHeader != nil && !encryption.isEncrypted && !allowsPlaintextOutput {
            throw Refusal.wouldDecrypt(file: file.name)
        }
        let passes: Int64 = if case .tar = file.encoding { 2 } else { 1 }
        file.readProgress = progress(ofPass: 0, of: passes)
        let validation = DataValidationService.standard(limits: limits, upgrader: upgrader).validation(of: file)
        try Self.refuseUnlessValid(validation.report)
        file.readProgress = progress(ofPass: 1, of: passes)
        let writer = try BackupArchiveWriter(
            destination: .file(output), compression: compression, modificationTime: clock.now(), encryption: encryption)
        let fromVersion: Int
        let written: BackupArchiveWriter.Summary
        if let upgraded = validation.upgraded {
            // A single document, upgraded as it was validated.
            fromVersion = upgraded.originalVersion
            for (section, bytes) in upgraded.sections {
                try writer.addSection(section, bytes: ByteChunks(bytes), records: UpgradedBackup.recordCount(bytes))
            }
            written = try writer.finish(
                createdAt: upgraded.createdAt, storeSchemaVersion: upgraded.storeSchemaVersion,
                absentSections: upgraded.absentSections)
        } else {
            // An archive that validated: read again, and copied.
            let reader = try file.openArchive(limits: limits)
            let manifest = reader.manifest
            fromVersion = manifest.schemaVersion
            let absentSections = try BackupV3ToV4.copy(reader, into: writer)
            written = try writer.finish(
                createdAt: manifest.createdAt, storeSchemaVersion: manifest.storeSchemaVersion,
                storeSchemaVersionRead: manifest.storeSchemaVersionRead, absentSections: absentSections)
        }
        return Summary(
            input: file.name, output: output.path, fromVersion: fromVersion, manifest: written.manifest,
            report: validation.report,
            inputWasEncrypted: file.encryptionHeader != nil, encryption: written.encryption)
    }
}
