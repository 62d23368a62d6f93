import BackupFormat
import DataMigration
import DataStore
import DataValidation
import Foundation

/// One run of `backup --dir`, into a directory or an `s3://bucket/prefix` alike (a
/// ``BackupFolder``): under the folder's lock (a lock file, or a lock object), remove the
/// partial files killed runs left, export the store — read only, never locked or written, an
/// older one upgraded in memory — to a new, time-named backup (a file renamed into place, or
/// an object streamed in a multipart upload, which appears only complete), read it back in
/// full (an object downloaded as stored), then prune by the retention policy, which never
/// removes the new backup nor the newest good one.
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
            if case .validated(let report) = self { report } else { nil }
        }
    }

    public struct Summary: Sendable {
        public var file: URL
        public var manifest: BackupManifest
        public var compressedBytes: Int64
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
        /// The new backup did not verify; it was set aside (a local file) or removed (an
        /// object), never counted as kept.
        case verificationFailed(file: String, report: ValidationReport)
        /// The new encrypted backup failed its check without a key (its header, framing or bytes
        /// are not what was written); it was set aside or removed too.
        case checkFailed(file: String, reason: String)

        public var description: String {
            switch self {
            case .verificationFailed(let file, let report):
                "The new backup did not verify when read back (\(report.firstError ?? "")); it was set aside as \(file) and is not counted as a good backup. Check the disk."
            case .checkFailed(let file, let reason):
                "The new encrypted backup failed its check when read back (\(reason)); it was set aside as \(file) and is not counted as a good backup. Check the disk."
            }
        }
    }

    /// Where backups go: a ``BackupDirectory`` or a ``RemoteBackupFolder``.
    public var folder: any BackupFolder
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
        folder: any BackupFolder, policy: RetentionPolicy, compression: ArchiveCompression = .default,
        encryption: BackupEncryption = .none, readBackDecryption: BackupDecryption = .none,
        clock: StoreClock = StoreClock()
    ) {
        self.folder = folder
        self.policy = policy
        self.compression = compression
        self.encryption = encryption
        self.readBackDecryption = readBackDecryption
        self.clock = clock
    }

    /// Runs one backup of the store at `storePath` (or the default store).
    /// - Throws: `StoreError.notFound` (checked first, so a missing store leaves the folder
    ///   untouched and sends nothing), `FileIOError.busy` or ``RemoteLock/Busy`` (another run
    ///   holds the folder), `MigrationError.storeIsNewer`, `OutputRefusal` (the new file would
    ///   be one of the store's), `Failure.verificationFailed` or `.checkFailed`,
    ///   ``ObjectStorageError``, I/O errors. A run that fails leaves no file, lock file, folder
    ///   or object it created (a failed upload leaves no multipart upload either), except a new
    ///   local backup that failed its read-back check, set aside as evidence.
    public func run(storePath: String?) throws -> Summary {
        let started = Date()
        // The store first: a missing store fails before the folder (or its lock) is made.
        let migrations = DataMigrationService(now: { [clock] in clock.now() })
        return try ReadOnlyStore.reading(explicitPath: storePath, migrations: migrations) { store in
            let lock = try folder.lock(creatingFolder: true, now: clock.now())
            var succeeded = false
            defer {
                if succeeded { lock.release() } else { lock.releaseRemovingCreated() }
            }
            let removedPartials = folder.removePartialFiles()
            let name = try folder.newFileName(for: clock.now())
            var exporter = BackupExporter(compression: compression, encryption: encryption, clock: clock)
            exporter.byteProgress = exportProgress
            let (export, written) = try folder.writeBackup(named: name, besides: StoreFiles.all(of: store.url)) {
                try exporter.export(from: store, to: $0)
            }
            // A backup that fails is set aside as evidence: the directory and its lock file stay.
            let readBack: ReadBack
            switch try written.readBack(
                record: export.encryption, decryption: readBackDecryption, progress: verificationProgress)
            {
            case .passed(let passed):
                readBack = passed
            case .checkFailed(let reason):
                succeeded = true
                throw Failure.checkFailed(file: folder.setAside(name), reason: reason)
            case .verificationFailed(let report):
                succeeded = true
                throw Failure.verificationFailed(file: folder.setAside(name), report: report)
            }
            if let record = export.encryption {
                // What lets a later check without the key tell this file whole (ChecksumFile).
                try folder.writeChecksumFile(ChecksumFile(digest: record.fileSHA256, fileName: name))
            }
            let target = folder.url(of: name)
            var decisions: [BackupPruner.Decision] = []
            var removed: [BackupDirectory.Entry] = []
            if !policy.isEmpty {
                (decisions, removed) = try BackupPruner(policy: policy).prune(
                    folder, now: clock.now(), protecting: target, decryption: readBackDecryption)
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
}
