import Glibc

/// Runs a system call that reports failure as `-1` with `errno`, retrying when a signal
/// interrupted it, and throws the classified error otherwise.
///
/// The one place in DurableIO that turns a C return code into a Swift error, so every call
/// gets the same `EINTR` handling and the same message format.
/// - Parameters:
///   - path: the file or folder the call is about, for the error message.
///   - retryingOnInterrupt: false for `close`, which on Linux has released the descriptor even
///     when it reports `EINTR`; retrying could close a descriptor another thread just opened.
///   - call: the system call.
/// - Returns: the call's non-negative result.
/// - Throws: `FileIOError` classified from `errno`.
@discardableResult
func checkedSystemCall<Result: FixedWidthInteger>(
    path: String,
    retryingOnInterrupt: Bool = true,
    _ call: () -> Result
) throws -> Result {
    while true {
        let result = call()
        if result != -1 { return result }
        let code = errno
        if code == EINTR && retryingOnInterrupt { continue }
        throw FileIOError(errno: code, path: path)
    }
}
