import Foundation
import Glibc

/// The permission bits of a file.
func permissions(of url: URL) throws -> mode_t {
    var status = stat()
    guard stat(url.path, &status) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    return status.st_mode & 0o7777
}

/// The names in a folder, sorted, including hidden ones.
func entries(of folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
}

/// A file's bytes, for before/after comparisons that must be exact.
func contents(of url: URL) throws -> Data {
    try Data(contentsOf: url)
}
