import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A file descriptor this module opened itself, closed in `deinit`.
///
/// Readers opened from a path hold one, so the descriptor lives exactly as long as the
/// libarchive handle reading from it.
final class OwnedFileDescriptor {
    let rawValue: Int32

    /// Opens `path` for reading.
    /// - Throws: ``BackupFormatError/cannotOpenFile(path:reason:)`` with the system's reason.
    init(openingForReading path: String) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw BackupFormatError.cannotOpenFile(path: path, reason: String(cString: strerror(errno)))
        }
        rawValue = descriptor
    }

    deinit {
        close(rawValue)
    }
}
