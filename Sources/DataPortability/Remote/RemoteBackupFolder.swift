import BackupFormat
import DurableIO
import Foundation
import ObjectStorage

/// Scheduled backups under an object-storage prefix, `s3://bucket/prefix/domaindig-….ddbackup`:
/// the same names, checks and retention as a ``BackupDirectory``, listed with ListObjectsV2
/// and removed with DeleteObjects. Each backup checked is downloaded into an unnamed
/// temporary file first. There are no partial objects to report: S3 shows an object only
/// complete, and an unfinished multipart upload is not listed.
public struct RemoteBackupFolder: BackupFolder {
    public let location: S3Location
    public let client: S3Client

    public init(location: S3Location, client: S3Client) {
        self.location = location
        self.client = client
    }

    public var displayName: String { location.description }

    /// The lock object's key, beside the backups.
    public var lockKey: String { location.folderPrefix + BackupDirectory.lockFileName }

    /// The names of the objects directly under the prefix.
    func names() throws -> [(name: String, size: Int64)] {
        let prefix = location.folderPrefix
        return try client.listObjects(prefix: prefix).compactMap { object in
            let name = String(object.key.dropFirst(prefix.count))
            return name.contains("/") ? nil : (name, object.size)
        }
    }

    /// The name for a backup taken at `date`, numbered after those of the same second.
    func newFileName(for date: Date) throws -> String {
        BackupDirectory.newFileName(for: date, among: try names().map(\.name))
    }

    public func scan(verify: Bool, decryption: BackupDecryption, now: Date, progress: ByteProgress.Handler?) throws
        -> [BackupDirectory.Entry]
    {
        var backups: [(entry: BackupDirectory.Entry, sequence: Int)] = []
        for (name, size) in try names() {
            let unverified = name.hasSuffix(BackupDirectory.unverifiedSuffix)
            let plainName = unverified ? String(name.dropLast(BackupDirectory.unverifiedSuffix.count)) : name
            guard let (time, sequence) = BackupDirectory.parse(plainName) else { continue }
            var entry = BackupDirectory.Entry(
                name: name, url: url(of: name), time: time, size: size, health: .good, manifest: nil)
            if unverified {
                entry.health = .damaged("it failed its read-back check when it was written")
            } else if time > now {
                entry.health = .future
            } else {
                try check(&entry, verify: verify, decryption: decryption, needsKey: false, progress: nil)
            }
            backups.append((entry, sequence))
        }
        backups.sort { ($0.entry.time!, $0.sequence) < ($1.entry.time!, $1.sequence) }
        return backups.map(\.entry)
    }

    /// - Throws: ``ObjectStorageError`` when the store cannot be read (unreachable, refused):
    ///   that is no verdict on the backup, so it stops the scan rather than mark it damaged.
    @discardableResult
    public func check(
        _ entry: inout BackupDirectory.Entry, verify: Bool, decryption: BackupDecryption, needsKey: Bool,
        progress: ByteProgress.Handler?
    ) throws -> (any Error)? {
        let location = location.appending(entry.name)
        let spool: SpoolFile
        do {
            spool = try RemoteStorage.downloadBytes(location, using: client)
        } catch let error as ObjectStorageError where error.category != .objectNotFound {
            throw error
        } catch {
            entry.health = .damaged("\(error)")
            entry.manifest = nil
            return nil
        }
        return FolderBackup.downloaded(spool, name: location.description)
            .check(&entry, verify: verify, decryption: decryption, needsKey: needsKey, progress: progress)
    }

    public func remove(_ entries: [BackupDirectory.Entry]) throws {
        try client.deleteObjects(keys: entries.map { location.folderPrefix + $0.name })
    }

    /// `s3://bucket/prefix/name` as a URL (the key percent-encoded).
    func url(of name: String) -> URL {
        let encoded =
            (location.folderPrefix + name).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? name
        return URL(string: "s3://\(location.bucket)/\(encoded)")!
    }
}
