import Glibc

/// Reads a descriptor forward from an offset with `pread`, which never moves the descriptor's
/// own offset, so several readers can pass over one open file.
final class FileReadCursor {
    private let descriptor: Int32
    private let name: String
    private(set) var offset: Int64

    init(descriptor: Int32, name: String, offset: Int64) {
        self.descriptor = descriptor
        self.name = name
        self.offset = offset
    }

    /// Reads up to `buffer.count` bytes; 0 at the end of the file.
    /// - Throws: ``BackupFormatError/cannotReadFile(path:reason:)``.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while true {
            let count = pread(descriptor, base, buffer.count, off_t(offset))
            if count >= 0 {
                offset += Int64(count)
                return count
            }
            if errno != EINTR {
                throw BackupFormatError.cannotReadFile(path: name, reason: String(cString: strerror(errno)))
            }
        }
    }
}
