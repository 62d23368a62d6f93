import BackupFormat
import DataMigration
import DataStore
import DataValidation
import DurableIO
import Foundation
import Glibc

/// One run of `backup --dir`: under the directory's lock, remove the partial files killed runs
/// left, export the store — read only, never locked or written, an older one upgraded in
/// memory — to a new, time-named file, read it back in full, then prune by the retention
/// policy, which never removes the new file.
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
        /// The steps that brought the data to this build's version, in memory.
        public var migration: [AppliedStep]
        /// Temporary copies killed writers left beside the store (reported, not removed).
        public var storeLeftovers: [URL]
        /// Partial files killed runs left in the directory, removed by this run.
        public var removedPartials: [URL]
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
    /// - Throws: `StoreError.notFound` (checked first, so a missing store leaves the directory
    ///   untouched), `FileIOError.busy` (another run holds the directory),
    ///   `MigrationError.storeIsNewer`, `OutputRefusal` (the new file would be one of the
    ///   store's), `Failure.verificationFailed`, I/O errors. A run that fails leaves no file,
    ///   lock file or folder it created, except a new backup that failed its read-back check,
    ///   set aside as evidence.
    public func run(storePath: String?) throws -> Summary {
        let started = Date()
        // The store first: a missing store fails before the directory (or its lock file) is made.
        return try ReadOnlyStore.reading(explicitPath: storePath) { store in
            let directoryLock = try directory.lock(creatingDirectory: true)
            var succeeded = false
            defer {
                if succeeded { directoryLock.release() } else { directoryLock.releaseRemovingCreated() }
            }
            // Those of killed runs: a file still being written (by `export -o` into the
            // directory, which takes no lock) is locked by its writer and stays.
            let removedPartials = AtomicFileWriter.removeAbandonedTemporaryFiles(
                in: directory.url, where: BackupDirectory.isPartialFileName)
            let target = directory.url.appendingPathComponent(try directory.newFileName(for: clock.now()))
            try OutputGuard.refuse(output: target, overwriting: StoreFiles.all(of: store.url))
            var exporter = BackupExporter(compression: compression, clock: clock)
            exporter.byteProgress = exportProgress
            let export = try exporter.export(from: store, to: .file(target))
            let written = try BackupFile(path: target.path)
            written.readProgress = verificationProgress
            let verification = DataValidationService.standard().validate(backup: written)
            guard !verification.hasErrors else {
                // Set aside under a name no scan counts as a good backup, kept as evidence.
                let setAside = target.path + BackupDirectory.unverifiedSuffix
                try? Directory.rename(target, to: URL(fileURLWithPath: setAside))
                succeeded = true
                throw Failure.verificationFailed(file: setAside, report: verification)
            }
            var decisions: [BackupPruner.Decision] = []
            var removed: [BackupDirectory.Entry] = []
            if !policy.isEmpty {
                (decisions, removed) = try BackupPruner(policy: policy).prune(
                    directory, now: clock.now(), protecting: target)
            }
            succeeded = true
            return Summary(
                file: target, manifest: export.manifest, compressedBytes: export.compressedBytes,
                verification: verification, storeIssues: export.issues, migration: export.migration,
                storeLeftovers: store.leftovers, removedPartials: removedPartials, decisions: decisions,
                removed: removed,
                duration: Date().timeIntervalSince(started))
        }
    }
}
