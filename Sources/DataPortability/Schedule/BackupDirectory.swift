import BackupFormat
import DomainModel
import DurableIO
import Foundation

/// A directory of scheduled backups, named `domaindig-YYYYMMDDTHHMMSSZ.ddbackup` (UTC, so
/// names sort by time), and what each file in it is worth.
public struct BackupDirectory: Sendable {
    public struct Entry: Sendable {
        public var name: String
        public var url: URL
        /// The time in the name (nil for temporary files).
        public var time: Date?
        public var size: Int64
        public var health: Health
        /// The manifest, when it could be read.
        public var manifest: BackupManifest?
        public var isEncrypted = false
        /// Whether its contents were checked: always for a plain backup; for an encrypted one
        /// only when a key given opens it (otherwise only its header, framing and length were).
        public var contentsChecked = true
        /// Whether an encrypted backup whose contents were not checked was found to hold the
        /// bytes its checksum file (``ChecksumFile``, written with it by `backup`) records: then
        /// it is whole, which its header and framing alone cannot show.
        public var matchesChecksum = false

        public var isGood: Bool { health == .good }
    }

    public let url: URL
    public static let lockFileName = ".backupctl.lock"
    /// Appended to a new backup that failed its read-back check, so it is never taken for a good one.
    public static let unverifiedSuffix = ".unverified"

    public init(url: URL) {
        self.url = url.standardizedFileURL
    }

    /// Refuses a path that is missing or is not a directory, for the commands that read one.
    /// - Throws: `BackupDirectoryError.notFound` or `.notADirectory`.
    public func requireExisting() throws {
        guard let status = try? FileStatus(path: url.path) else { throw BackupDirectoryError.notFound(path: url.path) }
        guard status.isDirectory else {
            throw BackupDirectoryError.notADirectory(path: url.path, kind: status.kindName)
        }
    }

    /// Every backup-named and temporary file, named but not read; see ``BackupFolder/list(now:)``.
    /// - Throws: `BackupDirectoryError` when the directory does not exist or is not one.
    public func list(now: Date) throws -> [Entry] {
        try requireExisting()
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
        } catch {
            throw FileIOError.permissionDenied(path: url.path, message: "the directory cannot be listed")
        }
        let files = names.map { name in
            let attributes = try? FileManager.default.attributesOfItem(atPath: url.appendingPathComponent(name).path)
            return (name, attributes?[.size] as? Int64 ?? 0)
        }
        return BackupDirectory.entries(of: files, in: self, now: now)
    }
}

/// A backup directory that cannot be used as one.
public enum BackupDirectoryError: Error, CustomStringConvertible, Sendable, Equatable {
    /// Nothing exists at the path.
    case notFound(path: String)
    /// Something other than a directory is there (`kind`: "a regular file"…).
    case notADirectory(path: String, kind: String)

    public var description: String {
        switch self {
        case .notFound(let path):
            "There is no backup directory at \(path)."
        case .notADirectory(let path, let kind):
            "\(path) is not a directory but \(kind), so it holds no backups; it was left alone. "
                + "Pass the directory the backups are in with --dir."
        }
    }
}
