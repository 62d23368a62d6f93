import Glibc

/// What `stat` says about a file that callers here need: its identity, size, kind, mode and
/// times.
///
///     guard let status = try FileStatus(path: path), status.isDirectory else { … }
public struct FileStatus: Sendable, Equatable {
    /// Which file it is (device and inode).
    public var identity: FileIdentity
    /// The length in bytes.
    public var size: Int64
    /// The file's type and permission bits (`st_mode`).
    public var mode: mode_t
    /// How many names (hard links) it has; 0 for an unnamed temporary file.
    public var linkCount: Int
    /// When its contents last changed (`st_mtim`), since 1970.
    public var modified: Duration
    /// When its contents or its metadata last changed (`st_ctim`), since 1970.
    public var changed: Duration

    /// What a `stat` call filled in.
    init(_ status: stat) {
        identity = FileIdentity(status)
        size = Int64(status.st_size)
        mode = status.st_mode
        linkCount = Int(status.st_nlink)
        modified = .seconds(status.st_mtim.tv_sec) + .nanoseconds(status.st_mtim.tv_nsec)
        changed = .seconds(status.st_ctim.tv_sec) + .nanoseconds(status.st_ctim.tv_nsec)
    }

    /// The status of the file at `path`, or nil when nothing is there.
    /// - Parameters:
    ///   - path: the file.
    ///   - followingSymlinks: whether a symbolic link is followed (`stat`) or is itself the
    ///     file (`lstat`).
    /// - Throws: `FileIOError` when the path cannot be examined for another reason than a
    ///   missing file (no permission on a folder of it, say).
    public init?(path: String, followingSymlinks: Bool = true) throws {
        var status = stat()
        let result = followingSymlinks ? stat(path, &status) : lstat(path, &status)
        guard result == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw FileIOError(errno: errno, path: path)
        }
        self.init(status)
    }

    /// Whether something exists at `path`, a symbolic link followed (as `access(F_OK)` says).
    public static func exists(atPath path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// Whether it is a regular file (not a directory, pipe or device).
    public var isRegularFile: Bool { mode & S_IFMT == S_IFREG }
    public var isDirectory: Bool { mode & S_IFMT == S_IFDIR }
    /// The permission bits, e.g. `0o600`.
    public var permissions: mode_t { mode & 0o7777 }
    /// Whether users other than the owner may read or write it (any group or other bit).
    public var isAccessibleToOthers: Bool { permissions & 0o077 != 0 }

    /// The kind of file, for messages: "a directory", "a FIFO"…
    public var kindName: String {
        switch mode & S_IFMT {
        case S_IFREG: "a regular file"
        case S_IFDIR: "a directory"
        case S_IFLNK: "a symbolic link"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        default: "an unknown kind of file"
        }
    }
}
