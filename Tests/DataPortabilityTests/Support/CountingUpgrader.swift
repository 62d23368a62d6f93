import BackupFormat
import Concurrency
import DataMigration

/// The real upgrader, counting its upgrades: what shows that a pipeline upgrades a version 1
/// or 2 backup once. Injected where the pipeline takes its upgrader, never a global.
final class CountingUpgrader: BackupUpgrading {
    private let count = Locked(0)

    /// How many documents it has upgraded.
    var upgrades: Int { count.withLock { $0 } }

    func upgrade(_ document: LegacyBackupDocument) throws -> UpgradedBackup {
        count.withLock { $0 += 1 }
        return try BackupUpgrader().upgrade(document)
    }
}
