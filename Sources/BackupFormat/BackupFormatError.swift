import AgeEncryption

/// Everything that can go wrong while reading or writing a backup file.
///
/// The module's single error type. Each case carries what a person needs to act on it — the
/// archive's name, the entry's path, the limit that was hit — and ``description`` turns it into
/// a sentence that says what happened and what to do about it.
///
/// To add a case: add it under the matching `MARK` group below and give it a message in
/// `BackupFormatError+Description.swift`; the `switch` there is exhaustive, so the compiler
/// points at the one place left to fill in.
public enum BackupFormatError: Error, Equatable, Sendable, CustomStringConvertible {

    // MARK: libarchive failures

    /// libarchive could not read an archive; `message` is libarchive's own explanation.
    /// - Parameters:
    ///   - archive: the file being read, e.g. `backup.tar.zst` or `standard input`.
    ///   - entry: the entry being read, when the failure happened inside one.
    ///   - operation: what was being done, e.g. `read the next entry header`.
    case archiveReadFailed(archive: String, entry: String?, operation: String, message: String)

    /// libarchive could not write an archive; `message` is libarchive's own explanation
    /// (for example `Write error: No space left on device`).
    case archiveWriteFailed(archive: String, entry: String?, operation: String, message: String)

    /// The archive ends before its last entry is complete: a download or copy was cut short.
    case truncatedArchive(archive: String, entry: String?, message: String)

    /// The bytes are neither a tar archive nor a zstd- or gzip-compressed one.
    case unrecognizedArchive(archive: String)

    /// The compressed data fails its own integrity check or does not decode: a gzip member
    /// whose CRC-32 or length trailer disagrees with its data, a zstd frame whose content
    /// checksum does not match, a damaged block, or other bytes after the last frame.
    /// - Parameters:
    ///   - algorithm: `gzip` or `zstd`.
    ///   - message: what the decoder found, e.g. `the CRC-32 in the gzip trailer does not match the data`.
    case corruptCompressedData(archive: String, entry: String?, algorithm: String, message: String)

    /// The file is not gzip-compressed where a gzip document was expected.
    case notGzipCompressed(source: String)

    // MARK: Untrusted archive contents (design §8)

    /// An entry is something other than a regular file (symbolic link, hard link, device, …).
    case unsupportedEntryType(archive: String, path: String, type: TarEntry.EntryType)

    /// An entry has an empty name (or only `.` and `/`). `index` counts from 0.
    case emptyEntryPath(archive: String, index: Int)

    /// An entry's name is not valid UTF-8.
    case invalidEntryPathEncoding(archive: String, index: Int)

    /// An entry's name starts with `/`, so extracting it would write outside the target folder.
    case absoluteEntryPath(archive: String, path: String)

    /// An entry's name contains a `..` component, so extracting it could escape the target folder.
    case parentDirectoryInEntryPath(archive: String, path: String)

    /// Two entries have the same name once `./` prefixes and `.` components are removed.
    case duplicateEntry(archive: String, path: String)

    /// The archive holds more entries than allowed.
    case tooManyEntries(archive: String, limit: Int)

    /// An entry is larger than allowed (declared in its header, or actually produced).
    case entryTooLarge(archive: String, path: String, size: Int64, limit: Int64)

    /// The entries together hold more data than allowed.
    case archiveTooLarge(archive: String, limit: Int64)

    /// Data decompresses far more than any real backup does: most likely a decompression bomb.
    /// - Parameters:
    ///   - produced: uncompressed bytes produced when the reader stopped.
    ///   - consumed: compressed bytes consumed to produce them.
    case compressionRatioExceeded(archive: String, entry: String?, produced: Int64, consumed: Int64, limit: Double)

    /// A single compressed document is larger than allowed.
    case documentTooLarge(source: String, limit: Int64)

    // MARK: Writing

    /// An entry path given to the writer is one the reader would refuse.
    case invalidEntryPathForWriting(path: String, reason: String)

    /// The bytes written for an entry do not add up to the size declared in its header.
    case entrySizeMismatch(path: String, declared: Int64, written: Int64)

    // MARK: Options

    /// A compression level outside the algorithm's range.
    case invalidCompressionLevel(algorithm: String, level: Int, validRange: ClosedRange<Int>)

    /// A compression level given for `none`, which has no levels.
    case compressionLevelNotApplicable(algorithm: String, level: Int)

    // MARK: Backups

    /// The backup was written by a newer build with a schema this build does not know.
    case newerSchemaVersion(archive: String, found: Int, supported: Int)

    /// The manifest is missing, unreadable or incomplete.
    case invalidManifest(archive: String, reason: String)

    /// The first entry of the archive is not `manifest.json` (nil: the archive is empty).
    case manifestNotFirst(archive: String, firstEntry: String?)

    /// A section's bytes differ from the size the manifest declares.
    case sectionSizeMismatch(archive: String, path: String, expected: Int64, actual: Int64)

    /// A section's SHA-256 differs from the manifest's.
    case sectionChecksumMismatch(archive: String, path: String, expected: String, actual: String)

    /// The manifest lists a section the archive does not hold.
    case missingSection(archive: String, path: String)

    /// The archive holds an entry the manifest does not list.
    case unlistedEntry(archive: String, path: String)

    /// A legacy (single JSON document) backup could not be read as one.
    case invalidLegacyDocument(archive: String, reason: String)

    // MARK: Encryption

    /// An age-encrypted backup could not be decrypted: no key given or none opens it
    /// (``AgeError/Category/noMatch``), or the file is damaged or altered (every other category).
    case decryptionFailed(archive: String, AgeError)

    /// An encrypted backup does not match what was recorded while writing it (its size or its
    /// SHA-256): the bytes on disk are not the ones written.
    case encryptedFileChanged(archive: String, reason: String)

    // MARK: Files

    /// A file could not be opened; `reason` is the system's explanation (`strerror`).
    case cannotOpenFile(path: String, reason: String)

    /// A file could not be read; `reason` is the system's explanation (`strerror`).
    case cannotReadFile(path: String, reason: String)
}
