import Glibc

/// Runs `body` with file permission checks applied as for an unprivileged user, on the
/// calling thread only.
///
/// Tests run as root in CI containers, and root ignores a folder's mode, so "a read-only
/// folder" would not be read-only. `setfsuid` changes only the calling thread's file-system
/// user id (and drops its file capabilities), so tests running in parallel on other threads
/// keep their own rights. `body` must be synchronous so it stays on this thread. When the
/// process is not root, `body` simply runs as the current user, who the mode already binds.
public func withUnprivilegedFileAccess<Result>(_ body: () throws -> Result) rethrows -> Result {
    guard geteuid() == 0 else { return try body() }
    // <sys/fsuid.h> is not part of the Glibc module; the symbol is in libc all the same.
    typealias SetFileSystemUserID = @convention(c) (UInt32) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "setfsuid") else {
        preconditionFailure("setfsuid is missing from libc")
    }
    let setfsuid = unsafeBitCast(symbol, to: SetFileSystemUserID.self)
    let nobody: UInt32 = 65534
    let previous = setfsuid(nobody)
    defer { _ = setfsuid(UInt32(previous)) }
    return try body()
}
