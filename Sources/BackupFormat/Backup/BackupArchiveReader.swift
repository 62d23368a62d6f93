import Concurrency
import Cryptography
import DurableIO
import JSONCore

/// Reads a v3 backup as a stream: the manifest first, then one section at a time, each
/// checked against the manifest before its bytes are handed out (design §8).
///
/// Memory grows with the largest section, never with the whole backup. Unsafe archives
/// (traversal, links, devices, bombs, truncation) make the underlying `TarArchiveReader`
/// throw; a section that merely disagrees with the manifest comes back as a payload whose
/// `verification` says how, so a validator can report every problem.
///
///     let reader = try BackupFile(path: path).openArchive()
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
    /// The header after the manifest's, read before the manifest was trusted (see `init`),
    /// until `nextSection` takes it (nil: taken, or the archive ends there).
    private var headerAfterManifest: TarEntry?
    /// Whether every entry has been read.
    public private(set) var isFinished = false

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
        // The manifest has no checksum of its own: its zstd frame's is checked once the stream
        // moves past the frame, which reading the next header does. Damage there is damage,
        // never a newer version or an unknown section read from altered bytes.
        headerAfterManifest = try tar.nextEntry()
        manifest = try BackupManifest.decode(bytes, archive: archiveName, options: limits.json)
        seenPaths.insert(BackupManifest.entryPath)
    }

    /// The compression detected from the bytes.
    public var compression: ArchiveCompression.Algorithm { tar.compression }

    /// Called with the compressed bytes read so far after each chunk of a section is read and at the end
    /// of the archive, on the thread that reads (a `PrefetchingSectionReader`'s), for a
    /// progress display.
    public var readObserver: (@Sendable (_ compressedBytesRead: Int64) -> Void)?

    /// Reads the next entry after the manifest.
    /// - Returns: the entry and its verification, or nil at the end of the archive.
    /// - Throws: `BackupFormatError` for unsafe or damaged archives.
    public func nextSection(_ handling: DataHandling = .collect) throws -> SectionPayload? {
        // Once the archive has ended, `nextEntry` goes on returning nil.
        guard let entry = try headerAfterManifest.take() ?? tar.nextEntry() else {
            isFinished = true
            readObserver?(tar.compressedBytesConsumed)
            return nil
        }
        seenPaths.insert(entry.path)
        let listing = manifest.section(atPath: entry.path)
        func refused(_ verification: SectionPayload.Verification) -> SectionPayload {
            SectionPayload(path: entry.path, listing: listing, size: entry.size, verification: verification, bytes: nil)
        }
        guard let listing else { return refused(.unlisted) }
        guard listing.bytes == entry.size else {
            return refused(.sizeMismatch(expected: listing.bytes, actual: entry.size))
        }
        let read = try readCurrentEntry(size: Int(entry.size), collect: handling == .collect)
        let actual = read.digest.hexString
        guard actual == listing.sha256 else {
            return refused(.checksumMismatch(expected: listing.sha256, actual: actual))
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

    /// The threads that will use the sections read: a large entry is hashed and its array split
    /// on threads of its own while it is read when the pool has more than one, into the pool's
    /// `parts` (`SectionPayload.arraySplit`), which the parallel checks then use.
    public var pool = WorkerPool.default

    /// What reading an entry gives.
    private struct ReadEntry {
        var bytes: [UInt8]?
        var digest: SHA256Digest
        var split: JSONArraySplitter.Split?
    }

    /// Reads the current entry in chunks, hashing as it goes.
    private func readCurrentEntry(size: Int, collect: Bool) throws -> ReadEntry {
        guard collect else {
            let hasher = try SHA256Hasher()
            let total = try drainRemainder(hashingInto: hasher)
            guard total == size else { throw truncated(after: total, of: size) }
            return ReadEntry(bytes: nil, digest: hasher.finalize())
        }
        var read: (digest: SHA256Digest, split: JSONArraySplitter.Split?)?
        let bytes = try [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            if size >= Self.trailingHashThreshold && pool.width > 1 {
                let trailed = try readTrailed(into: buffer)
                initialized = trailed.count
                read = (trailed.digest, trailed.split)
            } else {
                let hasher = try SHA256Hasher()
                initialized = try readChunks(into: buffer) { range in
                    hasher.update(UnsafeRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[range])))
                }
                read = (hasher.finalize(), nil)
            }
        }
        guard let read, bytes.count == size, try drainRemainder(hashingInto: nil) == 0 else {
            throw truncated(after: bytes.count, of: size)
        }
        return ReadEntry(bytes: bytes, digest: read.digest, split: read.split)
    }

    /// Reads the current entry into `buffer` while two threads trail a chunk behind, one hashing
    /// it and one finding where its array can be cut into the pool's parts, so reading a large
    /// entry costs the longest of the three instead of their sum, and the parallel checks
    /// start at once.
    private func readTrailed(into buffer: UnsafeMutableBufferPointer<UInt8>) throws -> (
        count: Int, digest: SHA256Digest, split: JSONArraySplitter.Split
    ) {
        // Handed to the threads without checks: they read only bytes the reading is done with,
        // and are joined before this returns, so the buffer outlives them and no byte they read
        // is written again; the hasher is the hashing thread's alone until it is joined.
        nonisolated(unsafe) let bytes = UnsafeBufferPointer(buffer)
        nonisolated(unsafe) let hasher = try SHA256Hasher()
        let parts = pool.parts
        let toHash = Channel<Range<Int>>(capacity: .max)
        let toSplit = Channel<Range<Int>>(capacity: .max)
        let hashing = BackgroundJob(name: "section-hasher") {
            while let range = toHash.receive() {
                hasher.update(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[range])))
            }
            return hasher.finalize()
        }
        let splitting = BackgroundJob(name: "section-splitter") {
            var scanner = JSONArraySplitter.Scanner(count: bytes.count, parts: parts)
            while let range = toSplit.receive() { scanner.scan(bytes.baseAddress!, upTo: range.upperBound) }
            return scanner.finish()
        }
        let count = Result {
            try readChunks(into: buffer) { range in
                toHash.send(range)
                toSplit.send(range)
            }
        }
        toHash.close()
        toSplit.close()
        let digest = hashing.join()
        let runs = splitting.join()
        return (try count.get(), digest, JSONArraySplitter.Split(parts: parts, runs: runs))
    }

    /// Reads the current entry into `buffer` until it is full or the entry ends, calling
    /// `filled` with each chunk's range.
    /// - Returns: how many bytes were read.
    private func readChunks(into buffer: UnsafeMutableBufferPointer<UInt8>, _ filled: (Range<Int>) -> Void) throws
        -> Int
    {
        var count = 0
        while count < buffer.count {
            let chunk = try tar.read(
                into: UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[count...])))
            if chunk == 0 { break }
            filled(count..<(count + chunk))
            count += chunk
            readObserver?(tar.compressedBytesConsumed)
        }
        return count
    }

    private func truncated(after count: Int, of size: Int) -> BackupFormatError {
        .truncatedArchive(
            archive: archiveName, entry: tar.currentEntry?.path,
            message: "the entry ended after \(count) of \(size) bytes")
    }

    /// Reads whatever is left of the entry, hashing it into `hasher` if given; returns how
    /// many bytes that was.
    private func drainRemainder(hashingInto hasher: SHA256Hasher?) throws -> Int {
        var total = 0
        try withUnsafeTemporaryAllocation(byteCount: 256 << 10, alignment: 16) { buffer in
            while case let chunk = try tar.read(into: buffer), chunk > 0 {
                hasher?.update(UnsafeRawBufferPointer(rebasing: buffer[..<chunk]))
                total += chunk
                readObserver?(tar.compressedBytesConsumed)
            }
        }
        return total
    }
}
