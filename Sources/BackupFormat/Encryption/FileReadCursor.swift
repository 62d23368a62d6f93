import DurableIO

/// Reads a descriptor forward from an offset by offset (`pread`), which never moves the
/// descriptor's own offset, so several readers can pass over one open file.
final class FileReadCursor {
    private let file: DescriptorIO
    private(set) var offset: Int64

    init(_ file: DescriptorIO, offset: Int64) {
        self.file = file
        self.offset = offset
    }

    /// Reads up to `buffer.count` bytes; 0 at the end of the file.
    /// - Throws: ``BackupFormatError/cannotReadFile(path:reason:)``.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = try BackupFormatError.readingFile(file.name) { try file.read(at: offset, into: buffer) }
        offset += Int64(count)
        return count
    }
}
