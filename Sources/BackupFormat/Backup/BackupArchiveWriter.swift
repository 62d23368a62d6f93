import Concurrency
import Cryptography
import DomainModel
import DurableIO
import Foundation

/// Writes an archive backup (version 4). Sections are added one at a time: each is hashed,
/// counted and written — already compressed — into an unnamed temporary file, so memory holds
/// one section at most. `finish` then writes `manifest.json` first, as its own compressed
/// frame, then the carried entries (if any) as a frame of their own, then the compressed
/// sections; decompressors read the frames as one tar stream. A file destination is written
/// atomically with mode 0600 (design §8).
///
/// With encryption, the file is the age encryption of exactly that archive (so `age -d` then
/// `zstd -d | tar -x` opens it), and the spool itself is encrypted to a key held only in
/// memory: no plaintext of an encrypted backup is ever written to disk.
///
///     let writer = try BackupArchiveWriter(destination: .file(url), compression: .zstd, modificationTime: now)
///     try writer.addSection(.trackedDomains, bytes: ByteChunks(json), records: 120)
///     let summary = try writer.finish(createdAt: now, storeSchemaVersion: 3)
public final class BackupArchiveWriter {
    /// Where the archive goes.
    public enum Destination: Sendable {
        /// A file, written to a temporary name in the same directory and renamed on success.
        case file(URL)
        /// An open descriptor such as standard output, named in messages as it is named.
        case descriptor(DescriptorIO)
    }

    /// What a finished write produced.
    public struct Summary: Sendable {
        public var manifest: BackupManifest
        /// JSON bytes of all sections.
        public var uncompressedBytes: Int64
        /// Bytes of the archive file.
        public var compressedBytes: Int64
        /// For an encrypted backup, what was recorded about the file as it was written.
        public var encryption: EncryptionRecord?
    }

    private let destination: Destination
    private let compression: ArchiveCompression
    private let encryption: BackupEncryption
    private let modificationTime: Date
    private let spool: SpoolFile
    /// The spool's encryption, for an encrypted backup.
    private let encryptedSpool: EncryptedSpool?
    private let sectionsTar: TarArchiveWriter
    private var sections: [ManifestSection] = []
    /// Carried entries, held until `finish` writes them ahead of the sections.
    private var carried: [(listing: ManifestSection, bytes: [UInt8])] = []
    private var uncompressedBytes: Int64 = 0

    /// Prepares a backup.
    /// - Parameter modificationTime: the time recorded on every entry's tar header; the caller's
    ///   clock (never read here), so that a pinned clock gives the same bytes.
    /// - Throws: `FileIOError` when the spool file cannot be created; `AgeError` for
    ///   recipients that cannot be encrypted to.
    public init(
        destination: Destination, compression: ArchiveCompression = .default, modificationTime: Date,
        encryption: BackupEncryption = .none
    ) throws {
        self.destination = destination
        self.compression = compression
        self.encryption = encryption
        self.modificationTime = modificationTime
        // The spool has no name of its own: a failure writing it (a full disk) is reported
        // under the name of the file it becomes, or the folder it is in.
        let spoolDirectory: URL
        let spoolName: String
        switch destination {
        case .file(let url):
            spoolDirectory = url.deletingLastPathComponent()
            spoolName = url.path
        case .descriptor:
            spoolDirectory = URL(fileURLWithPath: NSTemporaryDirectory())
            spoolName = "a temporary file in \(spoolDirectory.path)"
        }
        spool = try SpoolFile(directory: spoolDirectory)
        encryptedSpool = encryption.isEncrypted ? try EncryptedSpool(spool) : nil
        sectionsTar = try TarArchiveWriter(
            output: encryptedSpool.map { .stream($0) } ?? .descriptor(spool.io), archiveName: spoolName,
            compression: compression)
    }

    /// Adds a section's JSON; sections are written in the order added. Its chunks are written
    /// one after the other (a large collection's runs are never joined into one buffer), each
    /// let go of once written and hashed.
    public func addSection(_ section: BackupSection, bytes: consuming ByteChunks, records: Int) throws {
        try addEntry(name: section.rawValue, path: section.entryPath, bytes: bytes, records: records)
    }

    /// Adds a carried entry's JSON (`CarriedStoreKey.encode`, `CarriedUnreadableRecord.encode`).
    /// It is written ahead of every section, in the order added, whenever it is added — the
    /// exporter knows what to carry only once it has read the sections.
    public func addCarried(_ entry: CarriedEntry, bytes: [UInt8], records: Int) throws {
        precondition(!carried.contains { $0.listing.path == entry.entryPath }, "\(entry) is carried once")
        let listing = ManifestSection(
            name: entry.rawValue, path: entry.entryPath, records: records, bytes: Int64(bytes.count),
            sha256: try SHA256Hasher.digest(of: bytes).hexString)
        uncompressedBytes += Int64(bytes.count)
        carried.append((listing, bytes))
    }

    /// Entries at least this large are hashed on a thread of their own while they are compressed.
    static let concurrentHashThreshold = 8 << 20

    /// Adds an entry under any name and path (tests build unusual backups this way).
    public func addEntry(name: String, path: String, bytes: consuming ByteChunks, records: Int) throws {
        let size = bytes.count
        try sectionsTar.beginEntry(path: path, size: Int64(size), modificationTime: modificationTime)
        // The digest is needed only for the manifest, at the end, so a large entry is hashed
        // beside its compression rather than before it.
        let digest = try size >= Self.concurrentHashThreshold ? writeHashingBeside(bytes) : write(bytes)
        uncompressedBytes += Int64(size)
        sections.append(
            ManifestSection(name: name, path: path, records: records, bytes: Int64(size), sha256: digest.hexString))
    }

    /// Writes an entry's chunks, each hashed then written on this thread.
    private func write(_ bytes: consuming ByteChunks) throws -> SHA256Digest {
        let hasher = try SHA256Hasher()
        try bytes.drain { chunk in
            hasher.update(chunk)
            try sectionsTar.write(chunk)
        }
        return hasher.finalize()
    }

    /// Writes an entry's chunks while a thread of its own hashes them: each chunk goes to the
    /// hasher as it is written, and is let go of once both are done with it.
    private func writeHashingBeside(_ bytes: consuming ByteChunks) throws -> SHA256Digest {
        let hasher = try SHA256Hasher()
        let chunks = Channel<[UInt8]>(capacity: 4)
        let hashing = BackgroundJob(name: "section-hasher") {
            while let chunk = chunks.receive() { hasher.update(chunk) }
            return hasher.finalize()
        }
        do {
            // Closed however the writing ends, so the hasher returns (see `BackgroundJob`).
            defer { chunks.close() }
            try bytes.drain { chunk in
                chunks.send(chunk)
                try sectionsTar.write(chunk)
            }
        }
        return hashing.join()
    }

    /// Writes the archive and, for a file, renames it into place.
    /// - Parameters:
    ///   - storeSchemaVersionRead: the version the store was read at, when the data came from
    ///     a store (below `storeSchemaVersion` when it was upgraded on the way).
    ///   - schemaVersion: the manifest's backup schema version (tests write other values).
    ///   - absentSections: the sections the backup does not hold on purpose (an upgraded
    ///     older backup's), for the manifest.
    /// - Throws: `FileIOError` when the file cannot be created or written (nothing is left
    ///   under the final name), `BackupFormatError` from the archive writer.
    public func finish(
        createdAt: Date, storeSchemaVersion: Int, storeSchemaVersionRead: Int? = nil,
        schemaVersion: Int = DomainDigBackup.currentSchemaVersion, absentSections: [BackupSection] = []
    ) throws -> Summary {
        try sectionsTar.finish()
        try encryptedSpool?.finish()
        let manifest = BackupManifest(
            schemaVersion: schemaVersion, createdAt: createdAt, storeSchemaVersion: storeSchemaVersion,
            storeSchemaVersionRead: storeSchemaVersionRead, compression: compression.algorithm.rawValue,
            sections: carried.map(\.listing) + sections, absentSections: absentSections.map(\.rawValue))
        let manifestEntry = (path: BackupManifest.entryPath, data: manifest.encoded())
        var frames = [try ManifestEntry.tarBytes(of: [manifestEntry], modificationTime: modificationTime)]
        if !carried.isEmpty {
            frames.append(
                try ManifestEntry.tarBytes(
                    of: carried.map { ($0.listing.path, $0.bytes) }, modificationTime: modificationTime))
        }
        let compressed: Int64
        let record: EncryptionRecord?
        switch destination {
        case .file(let url):
            let file = try AtomicFileWriter(destination: url)
            (compressed, record) = try writeArchive(frames, to: file.io.named(url.path))
            try file.commit()
        case .descriptor(let output):
            (compressed, record) = try writeArchive(frames, to: output)
        }
        return Summary(
            manifest: manifest, uncompressedBytes: uncompressedBytes, compressedBytes: compressed, encryption: record)
    }

    /// The leading frames (the manifest's, then the carried entries'), each compressed on its
    /// own, then the sections' frame as it was compressed, all through the output (which
    /// encrypts them when asked).
    /// - Returns: the file's size, and what was recorded of an encrypted one.
    private func writeArchive(_ leadingFrames: [[UInt8]], to destination: DescriptorIO) throws -> (
        Int64, EncryptionRecord?
    ) {
        let output = try BackupOutput(destination, encryption: encryption)
        for frame in leadingFrames {
            let head = try CompressedStreamWriter(
                output: .stream(output), name: destination.name, compression: compression)
            try frame.withUnsafeBytes { try head.write($0) }
            try head.finish()
        }
        if let encryptedSpool {
            try encryptedSpool.copyPlaintext(to: output)
        } else {
            // The sections' stream wrote through the spool's descriptor: its count is the spool's size.
            let spooled = sectionsTar.compressedBytesWritten
            try withUnsafeTemporaryAllocation(byteCount: 1 << 20, alignment: 16) { buffer in
                var position: Int64 = 0
                while position < spooled {
                    let chunk = UnsafeMutableRawBufferPointer(
                        rebasing: buffer[..<Int(min(Int64(buffer.count), spooled - position))])
                    try spool.read(at: position, into: chunk)
                    try output.write(UnsafeRawBufferPointer(chunk))
                    position += Int64(chunk.count)
                }
            }
        }
        let record = try output.finish()
        return (output.fileBytes, record)
    }
}
