import CArchive
import Foundation

/// Decides, header by header, whether an entry of an untrusted archive may be read, and
/// remembers what it needs to across entries (names seen, declared sizes).
///
/// The checks run in a fixed order — count, name, type, duplicate, size — so an entry that
/// breaks several rules always gets the same error.
struct TarEntryAdmission {
    let archiveName: String
    let limits: ArchiveReaderLimits
    private var seenPaths: Set<String> = []
    private var declaredTotal: Int64 = 0

    init(archiveName: String, limits: ArchiveReaderLimits) {
        self.archiveName = archiveName
        self.limits = limits
    }

    /// Checks the header libarchive just read and describes the entry.
    /// - Parameters:
    ///   - header: libarchive's `struct archive_entry *`, valid until the next header is read.
    ///   - index: the entry's position, counting from 0.
    mutating func admit(_ header: OpaquePointer, index: Int) throws -> TarEntry {
        guard index < limits.maxEntryCount else {
            throw BackupFormatError.tooManyEntries(archive: archiveName, limit: limits.maxEntryCount)
        }
        let path = try normalizedPath(of: header, index: index)

        let type = Self.entryType(of: header)
        guard type == .regularFile else {
            throw BackupFormatError.unsupportedEntryType(archive: archiveName, path: path, type: type)
        }
        guard seenPaths.insert(path).inserted else {
            throw BackupFormatError.duplicateEntry(archive: archiveName, path: path)
        }

        // A header without a size field (never the case for ustar or pax) holds no data.
        let size = archive_entry_size_is_set(header) != 0 ? archive_entry_size(header) : 0
        guard size >= 0, size <= limits.maxEntrySize else {
            throw BackupFormatError.entryTooLarge(
                archive: archiveName, path: path, size: size, limit: limits.maxEntrySize)
        }
        // Refusing on the declared total up front bounds the work even if no data is ever read.
        declaredTotal += size
        guard declaredTotal <= limits.maxTotalSize else {
            throw BackupFormatError.archiveTooLarge(archive: archiveName, limit: limits.maxTotalSize)
        }

        let modificationTime = Date(
            timeIntervalSince1970: Double(archive_entry_mtime(header)) + Double(archive_entry_mtime_nsec(header)) / 1e9)
        return TarEntry(path: path, size: size, type: type, modificationTime: modificationTime, index: index)
    }

    private func normalizedPath(of header: OpaquePointer, index: Int) throws -> String {
        guard let raw = archive_entry_pathname_utf8(header) ?? archive_entry_pathname(header) else {
            throw BackupFormatError.emptyEntryPath(archive: archiveName, index: index)
        }
        guard let name = String(validatingCString: raw) else {
            throw BackupFormatError.invalidEntryPathEncoding(archive: archiveName, index: index)
        }
        switch TarEntryPath.judge(name) {
        case .valid(let path): return path
        case .empty: throw BackupFormatError.emptyEntryPath(archive: archiveName, index: index)
        case .absolute: throw BackupFormatError.absoluteEntryPath(archive: archiveName, path: name)
        case .parentDirectory: throw BackupFormatError.parentDirectoryInEntryPath(archive: archiveName, path: name)
        }
    }

    /// The entry's type. Hard links come first: libarchive reports them with the regular-file
    /// type and a link target.
    private static func entryType(of header: OpaquePointer) -> TarEntry.EntryType {
        if let target = archive_entry_hardlink(header) {
            return .hardLink(target: String(cString: target))
        }
        // The AE_IF* constants are casts in C, which Swift cannot import.
        switch archive_entry_filetype(header) {
        case 0o100000:
            return archive_entry_sparse_count(header) > 0 ? .sparseFile : .regularFile
        case 0o040000: return .directory
        case 0o120000: return .symbolicLink(target: archive_entry_symlink(header).map { String(cString: $0) } ?? "")
        case 0o020000: return .characterDevice
        case 0o060000: return .blockDevice
        case 0o010000: return .fifo
        case 0o140000: return .socket
        case let mode: return .other(mode: UInt32(mode))
        }
    }
}
