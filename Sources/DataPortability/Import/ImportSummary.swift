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
    }

    /// What became of what a version 4 backup carries besides its records.
    public struct CarriedCounts: Sendable, Equatable {
        /// Carried store keys the store lacked, added.
        public var storeKeysAdded = 0
        /// Carried store keys written over the store's value (replace).
        public var storeKeysReplaced = 0
        /// Carried store keys the store held with the same value.
        public var storeKeysUnchanged = 0
        /// Carried store keys the store held with another value, which a merge keeps.
        public var storeKeysKept = 0
        /// Unreadable records put back: elements at the end of their array, whole values.
        public var unreadableRestored = 0
        /// Unreadable records the store already held as they are.
        public var unreadableUnchanged = 0
        /// Unreadable whole values not put back because a merge keeps the store's value.
        public var unreadableKept = 0

        public init() {}
    }

    public var file: String
    /// The backup's schema version (before any upgrade).
    public var schemaVersion: Int
    public var mode: ImportMode
    public var isDryRun: Bool
    public var storePath: String
    public var sections: [SectionCounts] = []
    /// Warnings and notes from validation, then the import's own remarks (what it kept
    /// rather than overwrite: `import.*` codes).
    public var findings: [Finding] = []
    /// Store migrations applied (inside the import's transaction).
    public var migrations: [AppliedStep] = []
    /// Where the safety snapshot was written, if one was.
    public var safetySnapshot: String?
    /// Whether the store's data changed (false for a dry run, or a re-import of the same data).
    public var storeChanged: Bool
    public var duration: TimeInterval = 0
    /// What became of the carried store keys and unreadable records; nil when the backup
    /// carries none.
    public var carried: CarriedCounts?
    /// For the restore of a store snapshot (the undo of an import): the keys written,
    /// removed and left as they were; nil for a backup.
    public var restoredKeys: RestoredKeys?
}

/// What restoring a store snapshot did to the store's keys.
public struct RestoredKeys: Sendable, Equatable {
    /// Keys set to the snapshot's value (added, or changed back).
    public var written = 0
    /// Keys the snapshot did not have, removed.
    public var removed = 0
    /// Keys that already held the snapshot's value.
    public var unchanged = 0

    public init() {}
}

/// Why an import was refused; nothing was written (exit 65, or 76 for a newer version).
public struct ImportRefusal: Error, CustomStringConvertible, Sendable {
    public var report: ValidationReport

    public var description: String {
        if report.isFromNewerVersion {
            return report.findings.first { $0.code == .versionNewer }?.message
                ?? "The backup is from a newer version; nothing was imported."
        }
        let first = report.firstError.map { " First: \($0)" } ?? ""
        let errors = report.count(.error)
        return
            "The backup has \(Wording.count(errors, "validation error")); nothing was imported and the store is unchanged.\(first)"
    }
}
