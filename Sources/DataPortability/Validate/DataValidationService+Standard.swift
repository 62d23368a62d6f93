import BackupFormat
import DataMigration
import DataValidation

extension DataValidationService {
    /// The validator as the commands use it: every older backup version is upgraded so the
    /// current rules run on it too.
    /// - Parameter upgrader: what upgrades version 1 and 2 backups (tests count its upgrades).
    public static func standard(
        limits: BackupReadLimits = .default, upgrader: any BackupUpgrading = BackupUpgrader()
    ) -> DataValidationService {
        DataValidationService(limits: limits, upgrader: upgrader)
    }
}
