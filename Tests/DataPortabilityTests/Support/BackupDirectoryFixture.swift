import BackupFormat
import DataPortability
import DataStore
import DomainModel
import Foundation
import TestSupport
import Testing

/// A backup directory in a test's own folder, filled the way scheduled runs fill one: copies of
/// one real backup under the time-names the runs would give them, plus whatever broken files a
/// test plants.
///
///     let fixture = try BackupDirectoryFixture()
///     try fixture.add(at: BackupDirectoryFixture.date("2026-01-18T23:00:05Z"))
///     let entries = try fixture.directory.scan()
final class BackupDirectoryFixture {
    let folder: TemporaryDirectory
    let directory: BackupDirectory
    /// One real backup of the small sample, outside the directory.
    let template: URL

    /// - Parameter compression: how the template backup is compressed (`.uncompressed` lets a test
    ///   alter section bytes in place).
    init(compression: ArchiveCompression = .default) throws {
        folder = try TemporaryDirectory(prefix: "backupctl-schedule")
        directory = BackupDirectory(url: folder.file("backups"))
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        template = folder.file("template.ddbackup")
        let store = try StoreUnderTest.memory.sampledStore(in: folder)
        _ = try BackupExporter(
            compression: compression, clock: StoreClock(fixedAt: BackupDirectoryFixture.date("2026-01-01T00:00:00Z"))
        )
        .export(from: store, to: .file(template), storeSchemaVersion: 3)
    }

    /// A date from an ISO 8601 UTC timestamp.
    static func date(_ text: String) -> Date {
        guard let date = Timestamp.parse(text) else { preconditionFailure("not a timestamp: \(text)") }
        return date
    }

    /// Copies the template in under `name`.
    @discardableResult
    func add(named name: String) throws -> URL {
        let url = directory.url.appendingPathComponent(name)
        try FileManager.default.copyItem(at: template, to: url)
        return url
    }

    /// Copies the template in under the name a backup taken at `date` gets.
    @discardableResult
    func add(at date: Date) throws -> URL {
        try add(named: BackupExporter.defaultFileName(at: date))
    }

    /// Writes `bytes` into the directory under `name` (a damaged or foreign file).
    @discardableResult
    func write(_ bytes: Data, named name: String) throws -> URL {
        let url = directory.url.appendingPathComponent(name)
        try bytes.write(to: url)
        return url
    }

    /// Changes one letter inside the first domain name of the uncompressed backup at `url`:
    /// the manifest still reads, but the trackedDomains section no longer matches its checksum.
    func alterSectionBytes(of url: URL) throws {
        var bytes = try Data(contentsOf: url)
        // The first section's first domain: the carried entries before it hold domains too. Its
        // name's last occurrence is its tar header (the manifest names it first).
        let section = try #require(bytes.range(of: Data("sections/trackedDomains.json".utf8), options: .backwards))
        let marker = Data(#""domain":""#.utf8)
        let found = try #require(
            bytes.range(of: marker, in: section.upperBound..<bytes.endIndex),
            "no domain in \(url.lastPathComponent): is it compressed?")
        let position = found.upperBound
        bytes[position] = bytes[position] == UInt8(ascii: "q") ? UInt8(ascii: "z") : UInt8(ascii: "q")
        try bytes.write(to: url)
    }

    /// The names in the directory, hidden ones included, sorted.
    func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
    }
}
