import AgeEncryption
import BackupFormat
import DataMigration
import DataValidation
import Foundation

/// What `inspect` reports about a backup: its manifest and, for every entry, whether it
/// matches the manifest. Section data is hashed as it streams past and never held.
public struct BackupInspection: Sendable {
    /// One listed or found entry.
    public struct Entry: Sendable {
        public var path: String
        public var listing: ManifestSection?
        /// nil when the entry is missing from the archive.
        public var verification: SectionPayload.Verification?
        /// Set for sections of a single-document (v1, v2) backup, which carries no checksums.
        public var fromSingleDocument = false

        /// A word for the check's outcome.
        public var status: String {
            if fromSingleDocument { return "no checksum (single document)" }
            switch verification {
            case .verified?: return "verified"
            case .unlisted?: return "not in manifest"
            case .sizeMismatch?: return "size mismatch"
            case .checksumMismatch?: return "checksum mismatch"
            case nil: return "missing"
            }
        }
    }

    /// The file's name (or "standard input").
    public var file: String
    public var fileSize: Int64
    public var compression: String
    public var manifest: BackupManifest
    public var entries: [Entry]
    /// The age header of an encrypted backup; `nil` for a plain one.
    public var encryptionHeader: AgeHeader?

    /// Whether every listed section is present and verified, and nothing unlisted is present.
    public var isIntact: Bool { entries.allSatisfy { $0.fromSingleDocument || $0.verification == .verified } }

    /// Reads `path` (or `-`) and checks every entry against the manifest. A version 1 or 2
    /// backup is validated first and shown as its upgrade to the current version would be (read
    /// and upgraded once, by `upgrader`).
    /// - Throws: `FileIOError` when the file cannot be opened, `BackupFormatError` when it is
    ///   not a backup, is unsafe or damaged, or comes from a newer version,
    ///   `BackupUpgrade.Refusal` for a version 1 or 2 backup that does not validate.
    public init(
        path: String, limits: BackupReadLimits = .default, decryption: BackupDecryption = .none,
        upgrader: any BackupUpgrading = BackupUpgrader()
    ) throws {
        let backup = try BackupInput.open(path, maxInputSize: limits.archive.maxTotalSize, decryption: decryption)
        encryptionHeader = backup.encryptionHeader
        file = backup.name
        fileSize = backup.size
        if backup.encoding == .plainJSON || backup.encoding == .gzipJSON {
            // Unreadable or newer documents are refused as such; readable ones must validate
            // before an upgrader sees them.
            let legacy = try backup.readLegacyDocument(limits: limits)
            let validation = DataValidationService.standard(limits: limits, upgrader: upgrader)
                .validate(document: legacy)
            try BackupUpgrade.refuseUnlessValid(validation.report)
            guard let upgraded = validation.upgraded else { throw BackupUpgrade.Refusal.invalid(validation.report) }
            compression = backup.encoding == .gzipJSON ? "gzip" : "none"
            manifest = try upgraded.manifest(compression: compression)
            manifest.schemaVersion = upgraded.originalVersion
            entries = manifest.sections.map {
                Entry(path: $0.path, listing: $0, verification: nil, fromSingleDocument: true)
            }
            return
        }
        let reader = try backup.openArchive(limits: limits)
        compression = reader.compression.rawValue
        manifest = reader.manifest
        var entries: [Entry] = []
        var firstMismatch: BackupFormatError?
        do {
            while let payload = try reader.nextSection(.verifyOnly) {
                entries.append(Entry(path: payload.path, listing: payload.listing, verification: payload.verification))
                firstMismatch = firstMismatch ?? payload.failure(archive: reader.archiveName)
            }
        } catch let error as BackupFormatError {
            // Damage shows first as an entry failing its SHA-256, and only later as the
            // stream's own failure (a zstd frame's checksum at its end, a corrupt block or a
            // garbled tar header further on): that entry is named, as validate lists it first
            // and import refuses with it.
            throw firstMismatch ?? error
        }
        self.entries = entries + reader.missingSections.map { Entry(path: $0.path, listing: $0, verification: nil) }
    }
}
