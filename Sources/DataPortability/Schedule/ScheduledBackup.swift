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
///
/// An encrypted backup is read back in full when the keys to do so are given; a machine that
/// holds only the recipients' public keys checks what it can without them: the age header, the
/// framing and length of the payload, and that the file's bytes are those written (their
/// SHA-256, recorded while writing).
public struct ScheduledBackup {
    /// How the new file was checked after it was written.
    public enum ReadBack: Sendable {
        /// Read in full and validated; the report's warnings and notes.
        case validated(ValidationReport)
        /// Encrypted, and checked without a key: header, framing, size and SHA-256 as written.
        case checkedWithoutKey(EncryptionRecord)

        /// The validation report of a read-back in full; `nil` for a check without a key.
        public var report: ValidationReport? {
            if case .validated(let report) = self { return report }
            return nil
        }
    }

    /// What a run did.
    public struct Summary: Sendable {
        public var file: URL
        public var manifest: BackupManifest
        public var compressedBytes: Int64
        /// How the new file was checked.
        public var readBack: ReadBack
        /// For an encrypted backup, what was recorded about the file while writing it.
        public var encryption: EncryptionRecord?
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
        /// The new encrypted backup failed its check without a key (its header, framing or bytes
        /// are not what was written); it was set aside too.
        case checkFailed(file: String, reason: String)

        public var description: String {
            switch self {
            case .verificationFailed(let file, let report):
                let first =
                    report.findings.first { $0.severity == .error }.map { "\($0.location): \($0.message)" } ?? ""
                return
                    "The new backup did not verify when read back (\(first)); it was set aside as \(file) and is not counted as a good backup. Check the disk."
            case .checkFailed(let file, let reason):
                return
                    "The new encrypted backup failed its check when read back (\(reason)); it was set aside as \(file) and is not counted as a good backup. Check the disk."
            }
        }
    }

    public var directory: BackupDirectory
    public var policy: RetentionPolicy
    public var compression: ArchiveCompression
    /// Whether, and to whom, backups are encrypted.
    public var encryption: BackupEncryption
    /// Keys that open the new backup, for a read-back in full; without them an encrypted
    /// backup is checked without a key.
    public var readBackDecryption: BackupDecryption
    public var clock: StoreClock
    /// Receives the export's progress in the store's bytes (`BackupExporter.byteProgress`).
    public var exportProgress: ByteProgress.Handler?
    /// Receives how much of the new file its read-back has read (`BackupFile.readProgress`).
    public var verificationProgress: ByteProgress.Handler?

    public init(
        directory: BackupDirectory, policy: RetentionPolicy, compression: ArchiveCompression = .default,
        encryption: BackupEncryption = .none, readBackDecryption: BackupDecryption = .none,
        clock: StoreClock = StoreClock()
    ) {
        self.directory = directory
        self.policy = policy
        self.compression = compression
        self.encryption = encryption
        self.readBackDecryption = readBackDecryption
        self.clock = clock
    }

    /// Runs one backup of the store at `storePath` (or the default store).
    /// - Throws: `StoreError.notFound` (checked first, so a missing store leaves the directory
    ///   untouched), `FileIOError.busy` (another run holds the directory),
    ///   `MigrationError.storeIsNewer`, `OutputRefusal` (the new file would be one of the
    ///   store's), `Failure.verificationFailed` or `.checkFailed`, I/O errors. A run that fails leaves no file,
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
            var exporter = BackupExporter(compression: compression, encryption: encryption, clock: clock)
            exporter.byteProgress = exportProgress
            let export = try exporter.export(from: store, to: .file(target))
            let readBack: ReadBack
            do {
                readBack = try self.readBack(target, record: export.encryption)
            } catch let failure as Failure {
                succeeded = true // the file set aside is evidence: the directory and its lock file stay
                throw failure
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
                readBack: readBack, encryption: export.encryption, storeIssues: export.issues,
                migration: export.migration, storeLeftovers: store.leftovers, removedPartials: removedPartials,
                decisions: decisions, removed: removed,
                duration: Date().timeIntervalSince(started))
        }
    }

    /// Checks the new file: in full when it is plain or a key was given, without a key otherwise.
    /// A file that fails is set aside under a name no scan counts as a good backup, kept as evidence.
    /// - Throws: `Failure`, and the errors of opening the new file.
    private func readBack(_ file: URL, record: EncryptionRecord?) throws -> ReadBack {
        func setAside() -> String {
            let setAside = file.path + BackupDirectory.unverifiedSuffix
            try? Directory.rename(file, to: URL(fileURLWithPath: setAside))
            return setAside
        }
        switch try FolderBackup.file(file).readBack(
            record: record, decryption: readBackDecryption, progress: verificationProgress)
        {
        case .passed(let readBack): return readBack
        case .checkFailed(let reason): throw Failure.checkFailed(file: setAside(), reason: reason)
        case .verificationFailed(let report): throw Failure.verificationFailed(file: setAside(), report: report)
        }
    }
}
