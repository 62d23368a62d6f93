import BackupFormat

/// What validating a backup found and, for a version 1 or 2 backup, its upgrade to the current
/// version: made once, for the current rules to check and for whoever uses the backup next
/// (import, upgrade, inspect), so a single-document backup is read and upgraded once.
public struct BackupValidation {
    public var report: ValidationReport
    /// The single-document backup in the current version's shape; nil for an archive, and
    /// whenever the report holds an error (or the service has no upgrader).
    public var upgraded: UpgradedBackup?
}
