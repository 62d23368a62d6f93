import BackupFormat

/// A backup file opened as what its bytes say it is (`DataValidationService.open(_:)`), or the
/// report that refuses it: what validation, import and upgrade start from.
public enum OpenedBackup {
    /// A version 3 or later archive, its manifest read and checked; the sections follow.
    case archive(BackupArchiveReader)
    /// A version 1 or 2 backup, parsed whole.
    case document(LegacyBackupDocument)
    /// The file cannot be read as a backup — not one at all, unreadable, damaged, or from a newer
    /// version (its `schemaVersion` then set) — and this report, one error, says why.
    case refused(ValidationReport)
}
