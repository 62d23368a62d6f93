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

    /// The name for a new backup taken at `date`: the plain time-name, or `…Z-N.ddbackup` with
    /// N above every backup of that same second already there, so the new one sorts last.
    func newFileName(for date: Date) throws -> String {
        let plain = BackupDirectory.fileName(for: date)
        let names = try FileManager.default.contentsOfDirectory(atPath: url.path)
        let second = BackupDirectory.parse(plain)?.time
        let taken = names.compactMap(BackupDirectory.parse).filter { $0.time == second }.map(\.sequence)
        guard let highest = taken.max() else { return plain }
        return plain.replacingOccurrences(of: ".ddbackup", with: "-\(highest + 1).ddbackup")
    }

    /// The time a backup name carries, if it is one.
    public static func time(fromName name: String) -> Date? {
        parse(name)?.time
    }

    /// The time and the collision number of a backup name: `domaindig-20261130T044222Z.ddbackup`
    /// is 1, and a second backup in the same second is `…Z-2.ddbackup`, numbered 2.
    static func parse(_ name: String) -> (time: Date, sequence: Int)? {
        guard name.hasPrefix("domaindig-"), name.hasSuffix(".ddbackup") else { return nil }
        let body = Array(name.utf8.dropFirst("domaindig-".count).dropLast(".ddbackup".count))
        guard body.count >= 16, body[15] == UInt8(ascii: "Z") else { return nil }
        var sequence = 1
        if body.count > 16 {
            // Only `-N` may follow the time: anything else is not a name backupctl writes.
            guard body[16] == UInt8(ascii: "-"), let number = Int(String(decoding: body[17...], as: UTF8.self)),
                number >= 2, String(number).utf8.count == body.count - 17
            else { return nil }
            sequence = number
        }
        func part(_ range: Range<Int>) -> String { String(decoding: body[range], as: UTF8.self) }
        let iso = "\(part(0..<4))-\(part(4..<6))-\(part(6..<8))T\(part(9..<11)):\(part(11..<13)):\(part(13..<15))Z"
        guard body[8] == UInt8(ascii: "T"), let time = Timestamp.parse(iso) else { return nil }
        return (time, sequence)
    }

    /// Whether `name` is a temporary file an interrupted backup left: the writer's own
    /// `.<name>.tmp-<random>`, or any `.domaindig-….ddbackup.tmp-…` (older or foreign writers).
    static func isPartialFileName(_ name: String) -> Bool {
        AtomicFileWriter.isTemporaryFileName(name)
            || (name.hasPrefix(".domaindig-") && name.contains(".ddbackup.tmp-"))
    }

    /// Takes the directory's lock (created with the directory when missing).
    /// - Throws: `FileIOError.busy` naming the holder when another backupctl has it.
    public func lock() throws -> FileLock {
        try Directory.create(at: url, permissions: 0o700)
        return try FileLock.acquire(at: url.appendingPathComponent(BackupDirectory.lockFileName))
    }

    /// Every backup-named and temporary file, each checked: quickly (the manifest reads) or in
    /// full (`verify`: every checksum and validation without errors). Backups come oldest
    /// first — by the time in the name, then by collision number, so `…Z-2` follows `…Z` —
    /// and temporary files after them.
    /// - Throws: `FileIOError.notFound` when the directory does not exist.
    /// Appended to a new backup that failed its read-back check, so it is never taken for a good one.
    public static let unverifiedSuffix = ".unverified"

    /// - Parameter progress: with `verify`, receives how many bytes of the backups to verify
    ///   have been read, over all of them.
    public func scan(verify: Bool = false, progress: ByteProgress.Handler? = nil) throws -> [Entry] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
        } catch {
            throw FileIOError.notFound(path: url.path, message: "No such directory")
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
                backups.append(
                    (
                        Entry(
                            name: name, url: fileURL, time: time, size: size,
                            health: .damaged("it failed its read-back check when it was written"), manifest: nil),
                        sequence
                    ))
            } else if let (time, sequence) = BackupDirectory.parse(name) {
                let (health, manifest) = BackupDirectory.check(
                    fileURL, verify: verify,
                    progress: progress.map { BackupDirectory.offset($0, by: bytesBefore, of: verifiedBytes) })
                bytesBefore += size
                backups.append(
                    (
                        Entry(name: name, url: fileURL, time: time, size: size, health: health, manifest: manifest),
                        sequence
                    ))
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

    static func check(_ file: URL, verify: Bool, progress: ByteProgress.Handler? = nil) -> (Health, BackupManifest?) {
        do {
            let backup = try BackupFile(path: file.path)
            let manifest = try backup.openArchive().manifest
            guard verify else { return (.good, manifest) }
            backup.readProgress = progress
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
