import BackupFormat
import DomainModel
import DurableIO
import Foundation
import Glibc

/// A directory of scheduled backups, named `domaindig-YYYYMMDDTHHMMSSZ.ddbackup` (UTC, so
/// names sort by time), and what each file in it is worth.
public struct BackupDirectory: Sendable {
    /// One file.
    public struct Entry: Sendable {
        public var name: String
        public var url: URL
        /// The time in the name (nil for temporary files).
        public var time: Date?
        public var size: Int64
        public var health: Health
        /// The manifest, when it could be read.
        public var manifest: BackupManifest?
        /// Whether the file is age-encrypted.
        public var isEncrypted = false
        /// Whether its contents were checked: always for a plain backup; for an encrypted one
        /// only when a key given opens it (otherwise only its header, framing and length were).
        public var contentsChecked = true

        public var isGood: Bool { health == .good }
    }

    public let url: URL
    /// The lock file inside the directory.
    public static let lockFileName = ".backupctl.lock"
    /// Appended to a new backup that failed its read-back check, so it is never taken for a good one.
    public static let unverifiedSuffix = ".unverified"

    public init(url: URL) {
        self.url = url.standardizedFileURL
    }

    /// Refuses a path that is missing or is not a directory, for the commands that read one.
    /// - Throws: `BackupDirectoryError.notFound` or `.notADirectory`.
    public func requireExisting() throws {
        var status = stat()
        guard stat(url.path, &status) == 0 else { throw BackupDirectoryError.notFound(path: url.path) }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw BackupDirectoryError.notADirectory(path: url.path, kind: FileIdentity.kindName(of: status.st_mode))
        }
    }

    /// Every backup-named and temporary file, each checked: quickly (the manifest reads) or in
    /// full (`verify`: every checksum and validation without errors). Backups come oldest
    /// first — by the time in the name, then by collision number, so `…Z-2` follows `…Z` —
    /// and temporary files after them. A backup named after `now` is `.future`: not checked,
    /// not counted, never removed.
    /// - Parameters:
    ///   - decryption: keys for encrypted backups; an encrypted backup no key given opens is
    ///     checked without a key (header, framing, length), which is what retention needs.
    ///   - progress: with `verify`, receives how many bytes of the backups to verify have been
    ///     read, over all of them.
    /// - Throws: `BackupDirectoryError` when the directory does not exist or is not one.
    public func scan(
        verify: Bool = false, decryption: BackupDecryption = .none, now: Date = .distantFuture,
        progress: ByteProgress.Handler? = nil
    ) throws -> [Entry] {
        try requireExisting()
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
        } catch {
            throw FileIOError.permissionDenied(path: url.path, message: "the directory cannot be listed")
        }
        let sizes = names.map { name in
            (try? FileManager.default.attributesOfItem(atPath: url.appendingPathComponent(name).path)[.size] as? Int64)
                ?? 0
        }
        let verifiedBytes = zip(names, sizes).reduce(Int64(0)) { sum, file in
            BackupDirectory.parse(file.0) == nil ? sum : sum + file.1
        }
        var bytesBefore: Int64 = 0
        var backups: [(entry: Entry, sequence: Int)] = []
        var partials: [Entry] = []
        for (name, size) in zip(names, sizes) {
            let fileURL = url.appendingPathComponent(name)
            if BackupDirectory.isPartialFileName(name) {
                partials.append(Entry(name: name, url: fileURL, time: nil, size: size, health: .partial, manifest: nil))
            } else if name.hasSuffix(BackupDirectory.unverifiedSuffix),
                let (time, sequence) = BackupDirectory.parse(
                    String(name.dropLast(BackupDirectory.unverifiedSuffix.count)))
            {
                let health = Health.damaged("it failed its read-back check when it was written")
                backups.append(
                    (Entry(name: name, url: fileURL, time: time, size: size, health: health, manifest: nil), sequence))
            } else if let (time, sequence) = BackupDirectory.parse(name) {
                var entry = Entry(name: name, url: fileURL, time: time, size: size, health: .future, manifest: nil)
                if time <= now {
                    BackupDirectory.check(
                        &entry, verify: verify, decryption: decryption,
                        progress: progress.map { BackupDirectory.offset($0, by: bytesBefore, of: verifiedBytes) })
                }
                bytesBefore += size
                backups.append((entry, sequence))
            }
        }
        backups.sort { ($0.entry.time!, $0.sequence) < ($1.entry.time!, $1.sequence) }
        return backups.map(\.entry) + partials
    }

    /// `progress` for one file of several: its bytes come after `before` bytes of `total`.
    private static func offset(_ progress: @escaping ByteProgress.Handler, by before: Int64, of total: Int64)
        -> ByteProgress.Handler
    {
        { read in progress(ByteProgress(completed: before + read.completed, total: total)) }
    }

    /// Sets the entry's health and manifest, as ``FolderBackup/check(_:verify:decryption:needsKey:progress:)``
    /// does for a local file.
    /// - Returns: with `needsKey`, why an encrypted backup could not be opened; nil otherwise.
    @discardableResult
    static func check(
        _ entry: inout Entry, verify: Bool, decryption: BackupDecryption = .none, needsKey: Bool = false,
        progress: ByteProgress.Handler? = nil
    ) -> (any Error)? {
        FolderBackup.file(entry.url).check(
            &entry, verify: verify, decryption: decryption, needsKey: needsKey, progress: progress)
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
