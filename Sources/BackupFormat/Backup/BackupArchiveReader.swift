import Cryptography
import DurableIO
import Foundation
import JSONCore

/// Reads a v3 backup as a stream: the manifest first, then one section at a time, each
/// checked against the manifest before its bytes are handed out (design §8).
///
/// Memory grows with the largest section, never with the whole backup. Unsafe archives
/// (traversal, links, devices, bombs, truncation) make the underlying `TarArchiveReader`
/// throw; a section that merely disagrees with the manifest comes back as a payload whose
/// `verification` says how, so a validator can report every problem.
///
///     let reader = try BackupArchiveReader(descriptor: file.io)
///     while let payload = try reader.nextSection() {
///         if let error = payload.failure(archive: path) { throw error }
///         use(payload.bytes!)
///     }
///     if let missing = reader.missingSections.first { … }
public final class BackupArchiveReader {
    /// How `nextSection` treats an entry's data.
    public enum DataHandling: Sendable {
        /// Read, verify and return the bytes.
        case collect
        /// Read and verify, keeping only the digest (for `inspect`).
        case verifyOnly
    }

    /// The manifest, already checked.
    public let manifest: BackupManifest
    /// The archive's name in messages.
    public let archiveName: String
    private let tar: TarArchiveReader
    /// What owns the input (a `BackupFile`), kept alive as long as the reader reads it.
    private let owner: AnyObject?
    private var seenPaths: Set<String> = []
    /// Whether every entry has been read.
    public private(set) var isFinished = false

    /// Opens an archive on a readable descriptor positioned at its start (named in messages as
    /// it is named) and reads its manifest.
    /// - Throws: `BackupFormatError` when the archive is unsafe or damaged, its first entry is
    ///   not `manifest.json`, the manifest is invalid, or it is from a newer schema version.
    public convenience init(descriptor: DescriptorIO, limits: BackupReadLimits = .default) throws {
        try self.init(input: .descriptor(descriptor), archiveName: descriptor.name, limits: limits, owner: nil)
    }

    /// Opens an archive on `input` and reads its manifest.
    /// - Parameter owner: the object that owns the input (closes the descriptor when it goes
    ///   away); the reader keeps it alive.
    init(input: ArchiveInput, archiveName: String, limits: BackupReadLimits, owner: AnyObject?) throws {
        self.archiveName = archiveName
        self.owner = owner
        tar = try TarArchiveReader(input: input, archiveName: archiveName, limits: limits.archive)
        guard let first = try tar.nextEntry() else {
            throw BackupFormatError.manifestNotFirst(archive: archiveName, firstEntry: nil)
        }
        guard first.path == BackupManifest.entryPath else {
            throw BackupFormatError.manifestNotFirst(archive: archiveName, firstEntry: first.path)
        }
        guard first.size <= Int64(BackupManifest.maxSize) else {
            throw BackupFormatError.invalidManifest(
                archive: archiveName, reason: "it is larger than \(BackupManifest.maxSize) bytes")
        }
        let bytes = try tar.readEntry(maxBytes: Int64(BackupManifest.maxSize))
        manifest = try BackupManifest.decode(bytes, archive: archiveName, options: limits.json)
        seenPaths.insert(BackupManifest.entryPath)
    }

    /// The compression detected from the bytes.
    public var compression: ArchiveCompression.Algorithm { tar.compression }

    /// Compressed bytes read from the file so far.
    public var compressedBytesRead: Int64 { tar.compressedBytesConsumed }

    /// Called with `compressedBytesRead` after each chunk of a section is read and at the end
    /// of the archive, on the thread that reads (a `PrefetchingSectionReader`'s), for a
    /// progress display.
    public var readObserver: (@Sendable (_ compressedBytesRead: Int64) -> Void)?

    /// Reads the next entry after the manifest.
    /// - Returns: the entry and its verification, or nil at the end of the archive.
    /// - Throws: `BackupFormatError` for unsafe or damaged archives.
    public func nextSection(_ handling: DataHandling = .collect) throws -> SectionPayload? {
        guard let entry = try tar.nextEntry() else {
            isFinished = true
            readObserver?(tar.compressedBytesConsumed)
            return nil
        }
        seenPaths.insert(entry.path)
        let listing = manifest.section(atPath: entry.path)
        guard let listing else {
            return SectionPayload(path: entry.path, listing: nil, size: entry.size, verification: .unlisted, bytes: nil)
        }
        guard listing.bytes == entry.size else {
            return SectionPayload(
                path: entry.path, listing: listing, size: entry.size,
                verification: .sizeMismatch(expected: listing.bytes, actual: entry.size), bytes: nil)
        }
        let read = try readCurrentEntry(size: Int(entry.size), collect: handling == .collect)
        let actual = read.digest.hexString
        guard actual == listing.sha256 else {
            return SectionPayload(
                path: entry.path, listing: listing, size: entry.size,
                verification: .checksumMismatch(expected: listing.sha256, actual: actual), bytes: nil)
        }
        return SectionPayload(
            path: entry.path, listing: listing, size: entry.size, verification: .verified, bytes: read.bytes,
            arraySplit: read.split)
    }

    /// Manifest entries not found in the archive; complete once `nextSection` returned nil.
    public var missingSections: [ManifestSection] {
        manifest.sections.filter { !seenPaths.contains($0.path) }
    }

    /// Entries at least this large are hashed, and their arrays split into runs, on threads
    /// of their own while they are read.
    static let trailingHashThreshold = 8 << 20

    /// How many runs a large section's array is cut into while it is read
    /// (`SectionPayload.arraySplit`): what the parallel checks use unless told otherwise.
    public var arraySplitParts = JSONArraySplitter.defaultParts

    /// What reading an entry gives.
    private struct ReadEntry {
        var bytes: [UInt8]?
        var digest: SHA256Digest
        var split: JSONArraySplitter.Split?
    }

    /// Reads the current entry in chunks, hashing as it goes.
    private func readCurrentEntry(size: Int, collect: Bool) throws -> ReadEntry {
        let hasher = try SHA256Hasher()
        guard collect else {
            let total = try drainRemainder(hasher)
            guard total == size else {
                throw BackupFormatError.truncatedArchive(
                    archive: archiveName, entry: tar.currentEntry?.path,
                    message: "the entry ended after \(total) of \(size) bytes")
            }
            return ReadEntry(bytes: nil, digest: hasher.finalize())
        }
        var filled = 0
        let parts = arraySplitParts
        var scanner = JSONArraySplitter.Scanner(count: size, parts: parts)
        let bytes = try [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            let filledBytes = UnsafeRawBufferPointer(buffer)
            // A large entry is hashed and split a chunk behind the reading, on the core that
            // would otherwise wait for it: the parallel checks then start at once.
            var workers: [TrailingWorker] = []
            if size >= Self.trailingHashThreshold, let base = buffer.baseAddress {
                workers.append(
                    TrailingWorker(over: filledBytes, name: "section-hasher") { range in
                        hasher.update(UnsafeRawBufferPointer(rebasing: filledBytes[range]))
                    })
                workers.append(
                    TrailingWorker(over: filledBytes, name: "section-splitter") { range in
                        scanner.scan(base, upTo: range.upperBound)
                    })
            }
            defer { for worker in workers { worker.finish() } }
            while filled < size {
                let chunk = try tar.read(
                    into: UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[filled...])))
                if chunk == 0 { break }
                if workers.isEmpty {
                    hasher.update(UnsafeRawBufferPointer(rebasing: filledBytes[filled..<(filled + chunk)]))
                } else {
                    for worker in workers { worker.filled(upTo: filled + chunk) }
                }
                filled += chunk
                readObserver?(tar.compressedBytesConsumed)
            }
            initialized = filled
        }
        guard filled == size, try drainRemainder(hasher) == 0 else {
            throw BackupFormatError.truncatedArchive(
                archive: archiveName, entry: tar.currentEntry?.path,
                message: "the entry ended after \(filled) of \(size) bytes")
        }
        let split =
            size >= Self.trailingHashThreshold ? JSONArraySplitter.Split(parts: parts, runs: scanner.finish()) : nil
        return ReadEntry(bytes: bytes, digest: hasher.finalize(), split: split)
    }

    /// Reads and hashes whatever is left of the entry; returns how many bytes that was.
    private func drainRemainder(_ hasher: SHA256Hasher) throws -> Int {
        var total = 0
        try withUnsafeTemporaryAllocation(byteCount: 256 << 10, alignment: 16) { buffer in
            while true {
                let chunk = try tar.read(into: buffer)
                if chunk == 0 { break }
                hasher.update(UnsafeRawBufferPointer(rebasing: buffer[..<chunk]))
                total += chunk
                readObserver?(tar.compressedBytesConsumed)
            }
        }
        return total
    }
}
