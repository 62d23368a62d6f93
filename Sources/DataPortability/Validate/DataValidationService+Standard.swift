import BackupFormat
import DataMigration
import DataValidation

extension DataValidationService {
    /// The validator as the commands use it: every older backup version is upgraded so the
    /// current rules run on it too.
    public static func standard(limits: BackupReadLimits = .default) -> DataValidationService {
        DataValidationService(limits: limits, upgrader: BackupUpgrader())
    }
}
