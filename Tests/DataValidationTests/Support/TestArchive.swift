import Cryptography
import DurableIO
import Foundation
import JSONCore
import TestSupport

@testable import BackupFormat

/// Builds archive backups (version 4 unless told) the way tests need them, broken ones included: every manifest
/// listing and every tar entry can be set independently of the other, so a size, checksum,
/// count or listing can disagree with the data on purpose.
///
///     var archive = TestArchive.valid
///     archive.replace(.trackedDomains, with: #"[{"id": 1}]"#)
///     let url = try archive.write(in: directory)
struct TestArchive {
    /// One entry: what the manifest says about it, and what the archive holds.
    struct Entry {
        var name: String
        var path: String
        var bytes: [UInt8]
        /// The manifest's record count; nil counts the JSON (array elements, 1 for an object, 0 for null).
        var listedRecords: Int?
        /// The manifest's size; nil gives the real one.
        var listedBytes: Int64?
        /// The manifest's SHA-256; nil gives the real one.
        var listedSHA256: String?
        /// Whether the manifest lists the entry.
        var isListed = true
        /// Whether the archive holds the entry.
        var isInArchive = true

        init(name: String, path: String, json: String) {
            self.name = name
            self.path = path
            self.bytes = Array(json.utf8)
        }
    }

    var entries: [Entry]
    var schemaVersion = DomainDigBackup.currentSchemaVersion
    var compression: ArchiveCompression = .uncompressed
    /// 2026-01-01T00:00:00Z, so archives do not depend on the clock.
    var createdAt = Date(timeIntervalSince1970: 1_767_225_600)
    /// Bytes written as `manifest.json` instead of the manifest built from the entries.
    var manifestOverride: [UInt8]?
    /// Whether `manifest.json` comes first, as it must, or last.
    var manifestIsFirst = true
    /// The manifest's `absentSections` (version 4), when set.
    var absentSections: [String]?

    /// An archive of `sections`, in archive order.
    init(sections: [BackupSection: String]) {
        entries = BackupSection.allCases.compactMap { section in
            sections[section].map { Entry(name: section.rawValue, path: section.entryPath, json: $0) }
        }
    }

    /// The valid backup of `ValidBackupSections`.
    static var valid: TestArchive { TestArchive(sections: ValidBackupSections.all) }

    /// The entry of `section`; it must exist.
    subscript(section: BackupSection) -> Entry {
        get { entries[index(of: section)] }
        set { entries[index(of: section)] = newValue }
    }

    private func index(of section: BackupSection) -> Int {
        guard let index = entries.firstIndex(where: { $0.path == section.entryPath }) else {
            preconditionFailure("the test archive has no \(section.rawValue) entry")
        }
        return index
    }

    /// Replaces a section's JSON; its listing follows the new bytes.
    mutating func replace(_ section: BackupSection, with json: String) {
        self[section].bytes = Array(json.utf8)
    }

    /// Removes a section from both the manifest and the archive.
    mutating func remove(_ section: BackupSection) {
        entries.remove(at: index(of: section))
    }

    /// Writes the archive into `directory` and returns its location.
    func write(in directory: TemporaryDirectory, name: String = "backup.ddbackup") throws -> URL {
        let url = directory.file(name)
        try write(to: url)
        return url
    }

    /// Writes the archive to `url`: `manifest.json` first, then every entry in the archive.
    func write(to url: URL) throws {
        let listings = try entries.filter(\.isListed).map { entry in
            ManifestSection(
                name: entry.name, path: entry.path, records: entry.listedRecords ?? Self.recordCount(entry.bytes),
                bytes: entry.listedBytes ?? Int64(entry.bytes.count),
                sha256: try entry.listedSHA256 ?? SHA256Hasher.digest(of: entry.bytes).hexString)
        }
        let manifest = BackupManifest(
            schemaVersion: schemaVersion, createdAt: createdAt, storeSchemaVersion: 3,
            compression: compression.algorithm.rawValue, sections: listings, absentSections: absentSections ?? [])
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        let tar = try TarArchiveWriter(
            descriptor: DescriptorIO(borrowing: descriptor, name: url.path), compression: compression)
        let manifestBytes = manifestOverride ?? manifest.encoded()
        func writeManifest() throws {
            try tar.beginEntry(
                path: BackupManifest.entryPath, size: Int64(manifestBytes.count), modificationTime: createdAt)
            try tar.write(manifestBytes)
        }
        if manifestIsFirst { try writeManifest() }
        for entry in entries where entry.isInArchive {
            try tar.beginEntry(path: entry.path, size: Int64(entry.bytes.count), modificationTime: createdAt)
            try tar.write(entry.bytes)
        }
        if !manifestIsFirst { try writeManifest() }
        try tar.finish()
    }

    /// Records in a section's JSON as the exporter counts them.
    static func recordCount(_ bytes: [UInt8]) -> Int {
        guard let document = try? JSONDocument(parsing: bytes) else { return 0 }
        switch document.root.kind {
        case .array: return document.root.count
        case .null: return 0
        default: return 1
        }
    }
}
