import BackupFormat
import DataStore
import DurableIO
import Foundation
import ObjectStorage

/// Scheduled backups under an object-storage prefix, `s3://bucket/prefix/domaindig-….ddbackup`:
/// the same names, checks and retention as a ``BackupDirectory``, listed with ListObjectsV2
/// and removed with DeleteObjects. Each backup checked is downloaded into an unnamed
/// temporary file first. There are no partial objects: S3 shows an object only complete, and
/// a new backup is streamed into a multipart upload. Its read-back downloads the object as
/// stored: S3's part and object checksums (MD5-based ETags) would not cover the sections as the
/// manifest does.
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

    public func newFileName(for date: Date) throws -> String {
        BackupDirectory.newFileName(for: date, among: try names().map(\.name))
    }

    /// Every backup under the prefix (an object named like a local partial file is none).
    public func list(now: Date) throws -> [BackupDirectory.Entry] {
        BackupDirectory.entries(
            of: try names().filter { !BackupDirectory.isPartialFileName($0.name) }, in: self, now: now)
    }

    /// - Throws: ``ObjectStorageError`` when the store cannot be read (unreachable, refused):
    ///   that is no verdict on the backup, so it stops the scan rather than mark it damaged.
    public func backup(_ entry: BackupDirectory.Entry) throws -> FolderBackup {
        try download(entry.name)
    }

    private func download(_ name: String) throws -> FolderBackup {
        let location = location.appending(name)
        do {
            return .downloaded(try RemoteStorage.downloadBytes(location, using: client), name: location.description)
        } catch let error as ObjectStorageError where error.category != .objectNotFound {
            throw error
        } catch {
            return .unreadable(error)
        }
    }

    /// Removes the backups and their checksum objects (deleting a key that is not there succeeds).
    public func remove(_ entries: [BackupDirectory.Entry]) throws {
        let names = entries.flatMap { [$0.name, ChecksumFile.name(for: $0.name)] }
        try client.deleteObjects(keys: names.map { location.folderPrefix + $0 })
    }

    /// - Throws: ``ObjectStorageError`` when the store cannot be read; a missing object is nil.
    public func checksumFile(of name: String) throws -> ChecksumFile? {
        let key = location.folderPrefix + ChecksumFile.name(for: name)
        var bytes: [UInt8] = []
        do {
            // Only the first bytes a checksum file can have: a larger object is no checksum file.
            try client.getObject(key: key, range: 0..<Int64(ChecksumFile.maximumByteCount + 1)) {
                bytes.append(contentsOf: $0)
            }
        } catch let error as ObjectStorageError where error.category == .objectNotFound {
            return nil
        }
        guard let checksum = ChecksumFile(parsing: bytes), checksum.fileName == name else { return nil }
        return checksum
    }

    public func writeChecksumFile(_ checksum: ChecksumFile) throws {
        let key = location.folderPrefix + ChecksumFile.name(for: checksum.fileName)
        _ = try client.putObject(key: key, bytes: checksum.bytes)
    }

    /// `s3://bucket/prefix/name` as a URL (the key percent-encoded).
    public func url(of name: String) -> URL {
        let encoded =
            (location.folderPrefix + name).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? name
        return URL(string: "s3://\(location.bucket)/\(encoded)")!
    }

    public func lock(creatingFolder: Bool, now: Date) throws -> any BackupFolderLock {
        try RemoteLock.acquire(self, now: now)
    }

    public func removePartialFiles() -> [URL] { [] }

    public func writeBackup<Produced>(
        named name: String, besides inputs: [StoreFiles.File],
        produce: (BackupArchiveWriter.Destination) throws -> Produced
    ) throws -> (Produced, FolderBackup) {
        let target = location.appending(name)
        let (produced, _) = try RemoteObjectWriter.write(to: client, key: target.path) { output in
            try produce(.descriptor(output))
        }
        return (produced, try download(name))
    }

    public func setAside(_ name: String) -> String {
        let target = location.appending(name)
        try? client.deleteObject(key: target.path)
        return "\(target) (removed from the store)"
    }
}
