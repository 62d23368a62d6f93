import BackupFormat
import DataMigration
import DataStore
import DataValidation
import DurableIO
import Foundation
import Glibc

/// One run of `backup --dir`: under the directory's lock, export the store to a new,
/// time-named file, read it back in full, then prune by the retention policy.
public struct ScheduledBackup {
    /// What a run did.
    public struct Summary: Sendable {
        public var file: URL
        public var manifest: BackupManifest
        public var compressedBytes: Int64
        /// Warnings and notes of the read-back validation.
        public var verification: ValidationReport
        /// Problems in the store that the export worked around.
        public var storeIssues: [StoreIssue]
        /// The retention decisions (empty when no policy was given).
        public var decisions: [BackupPruner.Decision]
        public var removed: [BackupDirectory.Entry]
        public var duration: TimeInterval
    }

    /// Why a run failed after writing its file.
    public enum Failure: Error, CustomStringConvertible, Sendable {
        /// The new backup did not verify; it was left in place, never counted as kept.
        case verificationFailed(file: String, report: ValidationReport)

        public var description: String {
            switch self {
            case .verificationFailed(let file, let report):
                let first =
                    report.findings.first { $0.severity == .error }.map { "\($0.location): \($0.message)" } ?? ""
                return
                    "The new backup did not verify when read back (\(first)); it was set aside as \(file) and is not counted as a good backup. Check the disk."
            }
        }
    }

    public var directory: BackupDirectory
    public var policy: RetentionPolicy
    public var compression: ArchiveCompression
    public var clock: StoreClock
    /// Receives the export's progress in the store's bytes (`BackupExporter.byteProgress`).
    public var exportProgress: ByteProgress.Handler?
    /// Receives how much of the new file its read-back has read (`BackupFile.readProgress`).
    public var verificationProgress: ByteProgress.Handler?

    public init(
        directory: BackupDirectory, policy: RetentionPolicy, compression: ArchiveCompression = .default,
        clock: StoreClock = StoreClock()
    ) {
        self.directory = directory
        self.policy = policy
        self.compression = compression
        self.clock = clock
    }

    /// Runs one backup of the store at `storePath` (or the default store).
    /// - Throws: `StoreError.notFound` / `.busy` (checked first, so a missing store leaves the
    ///   directory untouched), `FileIOError.busy` (another run holds the directory),
    ///   `MigrationError.storeIsNewer`, `Failure.verificationFailed`, I/O errors.
    public func run(storePath: String?) throws -> Summary {
        let started = Date()
        // The store first: a missing store fails before the directory (or its lock file) is made.
        let locked = try LockedStore.open(explicitPath: storePath, mode: .mustExist)
        defer { locked.release() }
        let directoryLock = try directory.lock()
        defer { directoryLock.release() }
        let migration = try DataMigrationService().migrateIfNeeded(store: locked.store)
        let target = directory.url.appendingPathComponent(try directory.newFileName(for: clock.now()))
        var exporter = BackupExporter(compression: compression, clock: clock)
        exporter.byteProgress = exportProgress
        let export = try exporter.export(from: locked.store, to: .file(target), storeSchemaVersion: migration.toVersion)
        let written = try BackupFile(path: target.path)
        written.readProgress = verificationProgress
        let verification = DataValidationService.standard().validate(backup: written)
        guard !verification.hasErrors else {
            // Set aside under a name no scan counts as a good backup, kept as evidence.
            let setAside = target.path + BackupDirectory.unverifiedSuffix
            _ = rename(target.path, setAside)
            throw Failure.verificationFailed(file: setAside, report: verification)
        }
        var decisions: [BackupPruner.Decision] = []
        var removed: [BackupDirectory.Entry] = []
        if !policy.isEmpty {
            let pruner = BackupPruner(policy: policy)
            decisions = pruner.plan(try directory.scan())
            removed = try pruner.execute(decisions)
        }
        return Summary(
            file: target, manifest: export.manifest, compressedBytes: export.compressedBytes,
            verification: verification,
            storeIssues: export.issues, decisions: decisions, removed: removed,
            duration: Date().timeIntervalSince(started))
    }
}
