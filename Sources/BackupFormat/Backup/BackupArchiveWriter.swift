import DomainModel
import DurableIO
import Foundation

/// Writes a v3 backup: sections are added one at a time (hashed, counted and spooled to an
/// unnamed temporary file, so memory holds one section at most), then `finish` writes the
/// tar — `manifest.json` first, the sections after — and, for a file, moves it into place
/// atomically with mode 0600 (design §8).
///
///     let writer = try BackupArchiveWriter(destination: .file(url), compression: .zstd)
///     try writer.addSection(.trackedDomains, bytes: json, records: 120)
///     let summary = try writer.finish(createdAt: Date(), storeSchemaVersion: 3)
public final class BackupArchiveWriter {
    /// Where the archive goes.
    public enum Destination: Sendable {
        /// A file, written to a temporary name in the same directory and renamed on success.
        case file(URL)
        /// An open descriptor such as standard output; `name` is used in messages.
        case descriptor(Int32, name: String)
    }

    /// What a finished write produced.
    public struct Summary: Sendable {
        public var manifest: BackupManifest
        /// JSON bytes of all sections.
        public var uncompressedBytes: Int64
        /// Bytes of the archive file.
        public var compressedBytes: Int64
    }

    private let destination: Destination
    private let compression: ArchiveCompression
    private let spool: SpoolFile
    private var sections: [(listing: ManifestSection, offset: Int64)] = []

    /// Prepares a backup.
    /// - Parameters:
    ///   - destination: where the archive goes.
    ///   - compression: zstd (default), gzip or none, with a level.
    /// - Throws: `FileIOError` when the spool file cannot be created.
    public init(destination: Destination, compression: ArchiveCompression = .default) throws {
        self.destination = destination
        self.compression = compression
        let spoolDirectory: URL
        switch destination {
        case .file(let url): spoolDirectory = url.deletingLastPathComponent()
        case .descriptor: spoolDirectory = URL(fileURLWithPath: NSTemporaryDirectory())
        }
        spool = try SpoolFile(directory: spoolDirectory)
    }

    /// Adds a section's JSON; sections are written in the order added.
    public func addSection(_ section: BackupSection, bytes: [UInt8], records: Int) throws {
        try addEntry(name: section.rawValue, path: section.entryPath, bytes: bytes, records: records)
    }

    /// Adds an entry under any name and path (tests build unusual backups this way).
    public func addEntry(name: String, path: String, bytes: [UInt8], records: Int) throws {
        let digest = try SHA256Hasher.digest(of: bytes)
        let offset = spool.size
        try bytes.withUnsafeBytes { try spool.append($0) }
        sections.append((ManifestSection(name: name, path: path, records: records, bytes: Int64(bytes.count),
                                         sha256: digest.hexString), offset))
    }

    /// Writes the archive and, for a file, renames it into place.
    /// - Parameters:
    ///   - createdAt: the manifest's creation time (and every entry's modification time).
    ///   - storeSchemaVersion: the version of the store the data came from.
    ///   - schemaVersion: the manifest's backup schema version (tests write other values).
    /// - Throws: `FileIOError` when the file cannot be created or written (nothing is left
    ///   under the final name), `BackupFormatError` from the archive writer.
    public func finish(createdAt: Date, storeSchemaVersion: Int,
                       schemaVersion: Int = DomainDigBackup.currentSchemaVersion) throws -> Summary {
        let manifest = BackupManifest(schemaVersion: schemaVersion, createdAt: createdAt, storeSchemaVersion: storeSchemaVersion,
                                      compression: compression.algorithm.rawValue, sections: sections.map(\.listing))
        switch destination {
        case .file(let url):
            let file = try AtomicFileWriter(destination: url)
            let compressed = try writeArchive(manifest, to: file.fileDescriptor, name: url.path)
            try file.commit()
            return Summary(manifest: manifest, uncompressedBytes: spool.size, compressedBytes: compressed)
        case .descriptor(let descriptor, let name):
            let compressed = try writeArchive(manifest, to: descriptor, name: name)
            return Summary(manifest: manifest, uncompressedBytes: spool.size, compressedBytes: compressed)
        }
    }

    private func writeArchive(_ manifest: BackupManifest, to descriptor: Int32, name: String) throws -> Int64 {
        let tar = try TarArchiveWriter(fileDescriptor: descriptor, archiveName: name, compression: compression)
        let manifestBytes = manifest.encoded()
        try tar.beginEntry(path: BackupManifest.entryPath, size: Int64(manifestBytes.count), modificationTime: manifest.createdAt)
        try tar.write(manifestBytes)
        try withUnsafeTemporaryAllocation(byteCount: 1 << 20, alignment: 16) { buffer in
            for (listing, offset) in sections {
                try tar.beginEntry(path: listing.path, size: listing.bytes, modificationTime: manifest.createdAt)
                var position = offset
                let end = offset + listing.bytes
                while position < end {
                    let wanted = Int(min(Int64(buffer.count), end - position))
                    let chunk = UnsafeMutableRawBufferPointer(rebasing: buffer[..<wanted])
                    try spool.read(at: position, into: chunk)
                    try tar.write(UnsafeRawBufferPointer(chunk))
                    position += Int64(wanted)
                }
            }
        }
        try tar.finish()
        return tar.compressedBytesWritten
    }
}
