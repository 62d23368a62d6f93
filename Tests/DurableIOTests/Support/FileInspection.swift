import Foundation
import Glibc

/// The file an open descriptor of this process refers to, read from /proc.
func descriptorTarget(_ fd: Int32) -> String? {
    try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd)")
}

/// The permission bits of a file.
func permissions(of path: String) throws -> mode_t {
    var status = stat()
    guard stat(path, &status) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    return status.st_mode & 0o7777
}

/// The names in a folder, sorted, including hidden ones.
func entries(of folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
}
