import BackupFormat
import DataMigration
import DataValidation
import DomainModel
import Foundation

/// What an import did (or, for a dry run, would do).
public struct ImportSummary: Sendable {
    /// Per section, what happened to its records.
    public struct SectionCounts: Sendable, Equatable {
        public var section: BackupSection
        /// Whether the backup held the section (single-document backups may lack some).
        public var present: Bool
        /// Distinct records of the backup (by natural key) the store did not hold.
        public var added = 0
        /// Distinct records of the backup whose key the store held, and whose stored record
        /// the import changes (merged, or replaced by a different version).
        public var merged = 0
        /// Distinct records of the backup whose key the store held, stored exactly as before.
        public var unchanged = 0
        /// Records of the backup that repeated an earlier one of the backup by natural key,
        /// merged into it (they count nowhere else).
        public var duplicatesDropped = 0
        /// Records of the backup that passed validation but could not be decoded, left out.
        public var malformedSkipped = 0
        /// Store records a replace removed, unreadable ones included.
        public var removed = 0

        public init(section: BackupSection, present: Bool) {
            self.section = section
            self.present = present
        }
    }

    public var file: String
    /// The backup's schema version (before any upgrade).
    public var schemaVersion: Int
    public var mode: ImportMode
    public var isDryRun: Bool
    public var storePath: String
    public var sections: [SectionCounts]
    /// Warnings and notes from validation.
    public var findings: [Finding]
    /// Store migrations applied (inside the import's transaction).
    public var migrations: [AppliedStep]
    /// Where the safety snapshot was written, if one was.
    public var safetySnapshot: String?
    /// Whether the store's data changed (false for a dry run, or a re-import of the same data).
    public var storeChanged: Bool
    public var duration: TimeInterval
}

/// Why an import was refused; nothing was written (exit 65, or 76 for a newer version).
public struct ImportRefusal: Error, CustomStringConvertible, Sendable {
    public var report: ValidationReport

    public var description: String {
        if report.isFromNewerVersion {
            return report.findings.first { $0.code == .versionNewer }?.message
                ?? "The backup is from a newer version; nothing was imported."
        }
        let first =
            report.findings.first { $0.severity == .error }.map { " First: \($0.location): \($0.message)" } ?? ""
        let errors = report.count(.error)
        return
            "The backup has \(Wording.count(errors, "validation error")); nothing was imported and the store is unchanged.\(first)"
    }
}
