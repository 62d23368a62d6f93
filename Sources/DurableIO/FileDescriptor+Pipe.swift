import Glibc

/// The two ends of a pipe, each owned and closed on its own.
@frozen public struct FileDescriptorPipe: ~Copyable {
    /// Bytes written to ``write`` come out here.
    public var read: FileDescriptor
    /// Closing it ends the reader's input.
    public var write: FileDescriptor
}

extension FileDescriptor {
    /// A new pipe, both ends close-on-exec.
    /// - Parameter name: what the pipe carries, for messages.
    /// - Throws: `FileIOError` when the process is out of descriptors.
    public static func makePipe(name: String) throws -> FileDescriptorPipe {
        var ends: [Int32] = [-1, -1]
        try checkedSystemCall(path: name) { pipe(&ends) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return FileDescriptorPipe(
            read: FileDescriptor(adopting: ends[0], path: name), write: FileDescriptor(adopting: ends[1], path: name))
    }
}
