import DomainModel
import Foundation

extension BackupFormatError {
    /// A sentence saying what went wrong, naming the file and entry, and what to do next.
    public var description: String {
        switch self {
        case .archiveReadFailed(let archive, let entry, let operation, let message):
            "Could not \(operation) in '\(archive)'\(Self.inEntry(entry)): \(message). "
                + "The file is damaged or not a backup; try another copy of the backup."
        case .archiveWriteFailed(let archive, let entry, let operation, let message):
            "Could not \(operation) to '\(archive)'\(Self.inEntry(entry)): \(message). "
                + "Check that the destination has free space and is writable, then run the command again."
        case .truncatedArchive(let archive, let entry, let message):
            "'\(archive)' is truncated\(Self.inEntry(entry)) (\(message)): the file ends before "
                + "the archive does, usually because a copy or download was cut short. Use a complete copy of the backup."
        case .unrecognizedArchive(let archive):
            "'\(archive)' is empty or not a tar archive (plain, zstd- or gzip-compressed). "
                + "Check that you picked a backup file written by backupctl."
        case .corruptCompressedData(let archive, let entry, let algorithm, let message):
            "'\(archive)' is damaged\(Self.inEntry(entry)): its \(algorithm) data fails to decompress intact "
                + "(\(message)). The file changed after it was written; use another copy of the backup."
        case .notGzipCompressed(let source):
            "'\(source)' is not gzip-compressed, so it is not a version 2 backup. "
                + "Check that you picked a backup file written by backupctl."

        case .unsupportedEntryType(let archive, let path, let type):
            "'\(archive)' contains '\(path)', which is a \(type), not a regular file. "
                + "Backups hold regular files only, so this file was not written by backupctl and is refused."
        case .emptyEntryPath(let archive, let index):
            "Entry \(index + 1) of '\(archive)' has an empty name. The archive is damaged or was not written by backupctl."
        case .invalidEntryPathEncoding(let archive, let index):
            "Entry \(index + 1) of '\(archive)' has a name that is not valid UTF-8. "
                + "The archive is damaged or was not written by backupctl."
        case .absoluteEntryPath(let archive, let path):
            "'\(archive)' contains the absolute path '\(path)', which could overwrite files outside the "
                + "target folder. The archive was not written by backupctl and is refused."
        case .parentDirectoryInEntryPath(let archive, let path):
            "'\(archive)' contains the path '\(path)' with a '..' component, which could escape the target "
                + "folder. The archive was not written by backupctl and is refused."
        case .duplicateEntry(let archive, let path):
            "'\(archive)' contains '\(path)' more than once, so it is ambiguous which copy is meant. "
                + "The archive was not written by backupctl and is refused."
        case .tooManyEntries(let archive, let limit):
            "'\(archive)' has more than \(limit) entries, more than any backup holds. "
                + "If it is genuine, raise the entry-count limit."
        case .entryTooLarge(let archive, let path, let size, let limit):
            "'\(path)' in '\(archive)' is \(Self.bytes(size)), over the limit of \(Self.bytes(limit)) per entry. "
                + "If the backup is genuine, raise the entry-size limit."
        case .archiveTooLarge(let archive, let limit):
            "'\(archive)' holds more than \(Self.bytes(limit)) of data, over the total-size limit. "
                + "If the backup is genuine, raise the total-size limit."
        case .compressionRatioExceeded(let archive, let entry, let produced, let consumed, let limit):
            "'\(archive)'\(Self.inEntry(entry)) expanded \(Self.bytes(consumed)) of compressed data into "
                + "\(Self.bytes(produced)) (\(Self.ratio(produced, consumed)):1, limit \(Self.wholeNumber(limit)):1); it looks like a "
                + "decompression bomb and reading stopped. If the backup is genuine, raise the compression-ratio limit."
        case .documentTooLarge(let source, let limit):
            "'\(source)' decompresses to more than \(Self.bytes(limit)), over the document-size limit. "
                + "If the backup is genuine, raise the size limit."

        case .invalidEntryPathForWriting(let path, let reason):
            "Cannot write the entry '\(path)': \(reason). Entry paths must be relative, non-empty, printable ASCII and free of '..'."
        case .entrySizeMismatch(let path, let declared, let written):
            "The entry '\(path)' was declared as \(declared) bytes but \(written) were written; "
                + "its source changed while it was being archived. Export again."

        case .invalidCompressionLevel(let algorithm, let level, let validRange):
            "Compression level \(level) is not valid for \(algorithm). "
                + "Use a level from \(validRange.lowerBound) to \(validRange.upperBound)."
        case .compressionLevelNotApplicable(let algorithm, let level):
            "Compression level \(level) was given, but '\(algorithm)' has no levels. Leave out the level or pick zstd or gzip."

        case .newerSchemaVersion(let archive, let found, let supported):
            "'\(archive)' is a schema version \(found) backup, written by a newer build; this build reads versions up to \(supported). Nothing was changed. Use a newer backupctl."
        case .invalidManifest(let archive, let reason):
            "The manifest of '\(archive)' cannot be trusted: \(reason). The file is damaged or not a DomainDig backup."
        case .manifestNotFirst(let archive, let firstEntry):
            firstEntry.map {
                "'\(archive)' starts with '\($0)', not manifest.json, so it is not a DomainDig backup."
            }
                ?? "'\(archive)' is an empty archive, not a DomainDig backup."
        case .sectionSizeMismatch(let archive, let path, let expected, let actual):
            "Section '\(path)' of '\(archive)' holds \(actual) bytes but the manifest says \(expected). The backup is damaged; use another copy."
        case .sectionChecksumMismatch(let archive, let path, let expected, let actual):
            "Section '\(path)' of '\(archive)' does not match its checksum (manifest \(expected.prefix(12))…, file \(actual.prefix(12))…). The backup is damaged; use another copy."
        case .missingSection(let archive, let path):
            "'\(archive)' lacks section '\(path)', which its manifest lists. The backup is truncated or damaged; use another copy."
        case .unlistedEntry(let archive, let path):
            "'\(archive)' holds '\(path)', which its manifest does not list; it cannot be verified. Use an untouched copy of the backup."
        case .invalidLegacyDocument(let archive, let reason):
            "'\(archive)' cannot be read as a legacy DomainDig backup: \(reason)."

        case .decryptionFailed(let archive, let error):
            "'\(archive)' is an encrypted backup (age) that could not be decrypted: \(error.description)"
        case .encryptedFileChanged(let archive, let reason):
            "'\(archive)' is not the encrypted backup that was written: \(reason). Check the disk."
        case .cannotOpenFile(let path, let reason):
            "Could not open '\(path)': \(reason). Check the path and its permissions."
        case .cannotReadFile(let path, let reason):
            "Could not read '\(path)': \(reason). Check the disk and try again."
        }
    }

    /// `produced` ÷ `consumed` rounded down, ∞ when nothing was consumed.
    private static func ratio(_ produced: Int64, _ consumed: Int64) -> String {
        wholeNumber(consumed > 0 ? Double(produced) / Double(consumed) : Double.infinity)
    }

    /// A ratio rounded down, for any value a limit or a count may produce.
    private static func wholeNumber(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "?" : "∞" }
        return abs(value) < 1e18 ? String(Int64(value.rounded(.down))) : String(format: "%.3g", value)
    }

    private static func inEntry(_ entry: String?) -> String {
        entry.map { " (entry '\($0)')" } ?? ""
    }

    /// A byte count a person can read at a glance, with the exact figure kept for small values.
    private static func bytes(_ count: Int64) -> String {
        let units: [(String, Int64)] = [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)]
        for (name, size) in units where count >= size {
            let value = Double(count) / Double(size)
            return value.rounded() == value ? "\(Int64(value)) \(name)" : "\(String(format: "%.1f", value)) \(name)"
        }
        return Wording.count(count, "byte")
    }
}
