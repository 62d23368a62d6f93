import BackupFormat
import DataStore
import Foundation
import ObjectStorage

/// One run of `backup --dir s3://bucket/prefix`: under the prefix's lock object, export the
/// store — read only, as for a directory — streaming into a new, time-named object (a
/// multipart upload, which appears only complete), download it and read it back in full, then
/// prune by the retention policy, which never removes the new backup nor the newest good one.
///
/// An encrypted backup is uploaded as the age encryption of the archive, and its read-back is
/// that of ``ScheduledBackup``: in full with a key, otherwise without one (the age header, the
/// payload's framing and length, and the SHA-256 of the object as downloaded against the one
/// recorded while writing).
public struct RemoteScheduledBackup {
    public var folder: RemoteBackupFolder
    public var policy: RetentionPolicy
    public var compression: ArchiveCompression
    /// Whether, and to whom, backups are encrypted.
    public var encryption: BackupEncryption
    /// Keys that open the new backup, for a read-back in full.
    public var readBackDecryption: BackupDecryption
    public var clock: StoreClock
    public var exportProgress: ByteProgress.Handler?
    public var verificationProgress: ByteProgress.Handler?

    public init(
        folder: RemoteBackupFolder, policy: RetentionPolicy, compression: ArchiveCompression = .default,
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
    /// - Throws: `StoreError.notFound` (checked first: nothing is sent for a missing store),
    ///   ``RemoteLock/Busy``, ``ObjectStorageError``, `ScheduledBackup.Failure.verificationFailed`
    ///   or `.checkFailed` (the new object did not read back; it is removed), export errors. A failed upload
    ///   leaves no object under a backup name and no multipart upload.
    public func run(storePath: String?) throws -> ScheduledBackup.Summary {
        let started = Date()
        return try ReadOnlyStore.reading(explicitPath: storePath) { store in
            let lock = try RemoteLock.acquire(folder, now: clock.now())
            defer { lock.release() }
            let name = try folder.newFileName(for: clock.now())
            let target = folder.location.appending(name)
            var exporter = BackupExporter(compression: compression, encryption: encryption, clock: clock)
            exporter.byteProgress = exportProgress
            let (export, _) = try RemoteObjectWriter.write(to: folder.client, key: target.path) { descriptor, name in
                try exporter.export(from: store, to: .descriptor(descriptor, name: name))
            }
            // The read-back reads the object as stored, not what was sent: S3's part and object
            // checksums (MD5-based ETags) would not cover the sections as the manifest does.
            let written = FolderBackup.downloaded(
                try RemoteStorage.downloadBytes(target, using: folder.client), name: target.description)
            let readBack: ScheduledBackup.ReadBack
            let removedNote = "\(target) (removed from the store)"
            switch try written.readBack(
                record: export.encryption, decryption: readBackDecryption, progress: verificationProgress)
            {
            case .passed(let passed):
                readBack = passed
            case .checkFailed(let reason):
                try? folder.client.deleteObject(key: target.path)
                throw ScheduledBackup.Failure.checkFailed(file: removedNote, reason: reason)
            case .verificationFailed(let report):
                try? folder.client.deleteObject(key: target.path)
                throw ScheduledBackup.Failure.verificationFailed(file: removedNote, report: report)
            }
            let url = folder.url(of: name)
            var decisions: [BackupPruner.Decision] = []
            var removed: [BackupDirectory.Entry] = []
            if !policy.isEmpty {
                (decisions, removed) = try BackupPruner(policy: policy).prune(folder, now: clock.now(), protecting: url)
            }
            return ScheduledBackup.Summary(
                file: url, manifest: export.manifest, compressedBytes: export.compressedBytes,
                readBack: readBack, encryption: export.encryption, storeIssues: export.issues,
                migration: export.migration,
                // S3 shows an object only complete: a killed run leaves no partial object.
                storeLeftovers: store.leftovers, removedPartials: [], decisions: decisions, removed: removed,
                duration: Date().timeIntervalSince(started))
        }
    }
}
