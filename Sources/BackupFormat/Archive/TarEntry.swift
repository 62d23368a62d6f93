import Foundation

/// One entry of a tar archive, as ``TarArchiveReader`` returns it.
///
/// The reader hands out regular files only; the other ``EntryType`` values appear in the
/// errors it throws for the entries it refuses.
public struct TarEntry: Hashable, Sendable {
    /// What kind of file an entry describes.
    public enum EntryType: Hashable, Sendable, CustomStringConvertible {
        /// A regular file: the only type a backup holds.
        case regularFile
        case directory
        /// A symbolic link, with the path it points to.
        case symbolicLink(target: String)
        /// A hard link to an earlier entry, with that entry's path.
        case hardLink(target: String)
        case characterDevice
        case blockDevice
        /// A named pipe.
        case fifo
        case socket
        /// A regular file stored sparsely (holes not stored); refused because its declared
        /// size says nothing about how much data the archive really holds.
        case sparseFile
        /// A file-type code libarchive reports that none of the above match.
        case other(mode: UInt32)

        /// The type in words, for messages, e.g. `symbolic link to '/etc/passwd'`.
        public var description: String {
            switch self {
            case .regularFile: return "regular file"
            case .directory: return "directory"
            case .symbolicLink(let target): return "symbolic link to '\(target)'"
            case .hardLink(let target): return "hard link to '\(target)'"
            case .characterDevice: return "character device"
            case .blockDevice: return "block device"
            case .fifo: return "named pipe (FIFO)"
            case .socket: return "socket"
            case .sparseFile: return "sparse file"
            case .other(let mode): return "file of unknown type (mode \(String(mode, radix: 8)))"
            }
        }
    }

    /// The entry's path, normalised: no leading `./`, no `.` components, no repeated or
    /// trailing `/`. Always relative, non-empty and free of `..`.
    public let path: String

    /// The size the entry's header declares, in bytes. The reader checks it against the
    /// limits before any data is read, and checks the data actually read against it.
    public let size: Int64

    /// Always ``EntryType/regularFile`` for entries the reader returns.
    public let type: EntryType

    /// The modification time stored in the header.
    public let modificationTime: Date

    /// The entry's position in the archive, counting from 0.
    public let index: Int
}
