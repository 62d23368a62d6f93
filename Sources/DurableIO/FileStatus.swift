import Glibc

/// What `fstat` says about an open file that callers here need.
public struct FileStatus: Sendable, Equatable {
    /// The length in bytes.
    public var size: Int64
    /// Whether it is a regular file (not a directory, pipe or device).
    public var isRegularFile: Bool
    /// The permission bits, e.g. `0o600`.
    public var permissions: mode_t

    /// Whether users other than the owner may read or write it (any group or other bit).
    public var isAccessibleToOthers: Bool { permissions & 0o077 != 0 }
}
