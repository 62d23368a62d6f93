import BackupFormat
import DataValidation
import DomainModel
import DurableIO
import Foundation

/// A directory of scheduled backups, named `domaindig-YYYYMMDDTHHMMSSZ.ddbackup` (UTC, so
/// names sort by time), and what each file in it is worth.
public struct BackupDirectory: Sendable {
    /// What a file in the directory is.
    public enum Health: Sendable, Equatable {
        /// A backup whose manifest reads (quick check) or that verified in full.
        case good
        /// A backup-named file that cannot be read or does not verify.
        case damaged(String)
        /// A temporary file a killed backup left behind.
        case partial
    }

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

        public var isGood: Bool { health == .good }
    }

    public let url: URL
    /// The lock file inside the directory.
    public static let lockFileName = ".backupctl.lock"

    public init(url: URL) {
        self.url = url.standardizedFileURL
    }

    /// The name of a backup taken at `date`.
    public static func fileName(for date: Date) -> String {
        BackupExporter.defaultFileName(at: date)
    }

    /// The time a backup name carries, if it is one.
    public static func time(fromName name: String) -> Date? {
        // domaindig-20261130T044222Z.ddbackup, optionally with -N before the extension.
        guard name.hasPrefix("domaindig-"), name.hasSuffix(".ddbackup") else { return nil }
        let stamp = name.dropFirst("domaindig-".count).prefix(16)
        guard stamp.count == 16, stamp.last == "Z" else { return nil }
        let digits = Array(stamp.utf8)
        func part(_ range: Range<Int>) -> String { String(decoding: digits[range], as: UTF8.self) }
        let iso = "\(part(0..<4))-\(part(4..<6))-\(part(6..<8))T\(part(9..<11)):\(part(11..<13)):\(part(13..<15))Z"
        return Timestamp.parse(iso)
    }

    /// Takes the directory's lock (created with the directory when missing).
    /// - Throws: `FileIOError.busy` naming the holder when another backupctl has it.
    public func lock() throws -> FileLock {
        try Directory.create(at: url, permissions: 0o700)
        return try FileLock.acquire(at: url.appendingPathComponent(BackupDirectory.lockFileName))
    }

    /// Every backup-named and temporary file, oldest first, each checked: quickly (the
    /// manifest reads) or in full (`verify`: every checksum and validation without errors).
    /// - Throws: `FileIOError.notFound` when the directory does not exist.
    public func scan(verify: Bool = false) throws -> [Entry] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: url.path)
        } catch {
            throw FileIOError.notFound(path: url.path, message: "No such directory")
        }
        var entries: [Entry] = []
        for name in names.sorted() {
            let fileURL = url.appendingPathComponent(name)
            let size = (try? FileManager.default.attributesOfItem(atPath: fileURL.path)[.size] as? Int64) ?? 0
            if AtomicFileWriter.isTemporaryFileName(name) {
                entries.append(Entry(name: name, url: fileURL, time: nil, size: size, health: .partial, manifest: nil))
            } else if let time = BackupDirectory.time(fromName: name) {
                let (health, manifest) = BackupDirectory.check(fileURL, verify: verify)
                entries.append(Entry(name: name, url: fileURL, time: time, size: size, health: health, manifest: manifest))
            }
        }
        return entries
    }

    static func check(_ file: URL, verify: Bool) -> (Health, BackupManifest?) {
        do {
            let backup = try BackupFile(path: file.path)
            let manifest = try backup.openArchive().manifest
            guard verify else { return (.good, manifest) }
            let report = DataValidationService.standard().validate(backup: backup)
            if let error = report.findings.first(where: { $0.severity == .error }) {
                return (.damaged("\(error.location): \(error.message)"), manifest)
            }
            return (.good, manifest)
        } catch {
            return (.damaged("\(error)"), nil)
        }
    }
}
