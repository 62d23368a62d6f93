import BackupFormat
import DurableIO
import Foundation
import ObjectStorage

/// Where a backup location points — a local path or `s3://bucket/prefix` — and the clients
/// and downloads for the remote kind. Any other `scheme://` is refused rather than taken for
/// a path (it would otherwise become a local folder named `scheme:`).
public enum RemoteStorage {
    /// A location as the user wrote it.
    public enum Location: Sendable, Equatable {
        case local(String)
        case remote(S3Location)
    }

    /// Reads a location.
    /// - Throws: ``ObjectStorageError/invalidLocation(_:)`` for a `scheme://` other than `s3://`
    ///   or a malformed `s3://` location.
    public static func location(_ text: String) throws -> Location {
        guard let scheme = S3Location.scheme(of: text) else { return .local(text) }
        guard scheme == "s3" else {
            throw ObjectStorageError.invalidLocation(
                "\(text): backupctl cannot use \(scheme):// locations; "
                    + "a location is a path, - where a command allows it, or s3://bucket/prefix")
        }
        return .remote(try S3Location(parsing: text))
    }

    /// Whether `text` names a location that is not a local path (`s3://…`, or another
    /// `scheme://`, which ``location(_:)`` refuses).
    public static func isRemote(_ text: String) -> Bool {
        S3Location.scheme(of: text) != nil
    }

    /// A client for `location`'s bucket, with the settings of `environment` (the AWS CLI's
    /// variables and shared files).
    public static func client(
        for location: S3Location, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> S3Client {
        try S3Client(settings: try ObjectStorageSettings.resolve(environment: environment), bucket: location.bucket)
    }

    /// Downloads the object at `location` into an unnamed temporary file, as it is stored.
    /// - Parameter maxSize: the most bytes accepted.
    /// - Throws: ``ObjectStorageError`` (a missing object has category `.objectNotFound`),
    ///   `FileIOError.tooLarge` past `maxSize`, other `FileIOError`s spooling.
    static func downloadBytes(
        _ location: S3Location, using client: S3Client, maxSize: Int64 = ArchiveReaderLimits.default.maxTotalSize
    ) throws -> SpoolFile {
        let spool = try SpoolFile(directory: URL(fileURLWithPath: NSTemporaryDirectory()))
        try client.getObject(key: location.path) { chunk in
            guard spool.size + Int64(chunk.count) <= maxSize else {
                throw FileIOError.tooLarge(path: location.description, limit: Int(maxSize))
            }
            try spool.append(chunk)
        }
        return spool
    }
}

/// Opening a backup to read wherever it is: a path, `-` for standard input, or `s3://bucket/key`.
public enum BackupInput {
    /// Opens the backup `path` names, with the keys for an encrypted one.
    /// - Throws: as `BackupFile(path:maxInputSize:decryption:)` for a path; ``ObjectStorageError``
    ///   for an `s3://` location that cannot be read or another `scheme://`, `FileIOError.tooLarge`
    ///   past `maxInputSize`; ``BackupFormatError/decryptionFailed(archive:_:)`` for an
    ///   encrypted backup no key opens.
    public static func open(_ path: String, maxInputSize: Int64, decryption: BackupDecryption = .none) throws
        -> BackupFile
    {
        switch try RemoteStorage.location(path) {
        case .local(let path):
            return try BackupFile(path: path, maxInputSize: maxInputSize, decryption: decryption)
        case .remote(let location):
            guard !location.path.isEmpty, !location.path.hasSuffix("/") else {
                throw ObjectStorageError.invalidLocation("\(location) names no object: add the backup's key")
            }
            // Downloaded into an unnamed temporary file, the way standard input is read; an
            // encrypted backup is decrypted as it is read, so only its ciphertext is on disk.
            let spool = try RemoteStorage.downloadBytes(
                location, using: try RemoteStorage.client(for: location), maxSize: maxInputSize)
            return try BackupFile(spool: spool, name: location.description, decryption: decryption)
        }
    }
}
