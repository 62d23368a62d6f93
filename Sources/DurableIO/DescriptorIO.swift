import Glibc

/// An open descriptor someone else owns — standard input or output, or the descriptor of an
/// owned ``FileDescriptor`` or ``SpoolFile`` lent to a reader or a writer that must not close
/// it — and the reads and writes on it, each a checked system call that throws `FileIOError`.
///
/// Like swift-system's `FileDescriptor`, a copyable value that does not own the descriptor: it
/// is valid while its owner keeps the descriptor open. It carries the file's name, for messages.
///
///     let count = try DescriptorIO.standardInput.read(into: buffer)
///     try spool.io.read(at: 0, into: header)
public struct DescriptorIO: Sendable {
    /// The descriptor number.
    let rawValue: Int32
    /// The file's path or a description such as `standard input`, for messages.
    public let name: String

    /// Lends a descriptor opened elsewhere (a pipe's end, an inherited descriptor).
    /// - Parameters:
    ///   - rawValue: an open descriptor, which its owner closes.
    ///   - name: the file's path or a description, for messages.
    public init(borrowing rawValue: Int32, name: String) {
        precondition(rawValue >= 0, "DescriptorIO lends only open descriptors")
        self.rawValue = rawValue
        self.name = name
    }

    /// Standard input, output and error.
    public static let standardInput = DescriptorIO(borrowing: STDIN_FILENO, name: "standard input")
    public static let standardOutput = DescriptorIO(borrowing: STDOUT_FILENO, name: "standard output")
    public static let standardError = DescriptorIO(borrowing: STDERR_FILENO, name: "standard error")

    /// The same descriptor under another name in messages.
    public func named(_ name: String) -> DescriptorIO {
        DescriptorIO(borrowing: rawValue, name: name)
    }

    /// Reads up to `buffer.count` bytes at the descriptor's current offset.
    /// - Returns: the number of bytes read; 0 at the end of the file.
    /// - Throws: `FileIOError` when the read fails.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        return try checkedSystemCall(path: name) { Glibc.read(rawValue, base, buffer.count) }
    }

    /// Reads up to `buffer.count` bytes at `offset` (`pread`), leaving the descriptor's own
    /// offset where it is, so several readers can pass over one open file.
    /// - Returns: the number of bytes read; 0 at the end of the file.
    /// - Throws: `FileIOError` when the read fails.
    public func read(at offset: Int64, into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        return try checkedSystemCall(path: name) { pread(rawValue, base, buffer.count, off_t(offset)) }
    }

    /// Reads from `offset` until `buffer` is full or the file ends (`pread`, as ``read(at:into:)``).
    /// - Returns: the number of bytes read: less than `buffer.count` only at the end of the file.
    /// - Throws: `FileIOError` when a read fails.
    public func readFully(at offset: Int64, into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        try buffer.fill { free in try read(at: offset + Int64(buffer.count - free.count), into: free) }
    }

    /// Writes every byte, continuing after partial writes and interruptions. Each call is one
    /// step of the crash tests (`CrashPoint`), as for an owned `FileDescriptor`.
    /// - Throws: `FileIOError`, e.g. `.noSpace` when the disk fills up.
    public func writeAll(_ bytes: UnsafeRawBufferPointer) throws {
        guard bytes.count > 0 else { return }
        CrashPoint.reach(.write, name)
        try writeEvery(bytes)
    }

    /// Writes text meant for a person — a message, a prompt, a progress line — to a terminal
    /// or a pipe. Not a step of the crash tests, which count the writes of files; a failure (a
    /// closed pipe) loses only the text, so it is not reported.
    public func writeMessage(_ text: String) {
        var text = text
        text.withUTF8 { writeMessage(UnsafeRawBufferPointer($0)) }
    }

    /// Writes bytes meant for a person (a JSON document, a generated script), as
    /// ``writeMessage(_:)-(String)`` writes text.
    public func writeMessage(_ bytes: UnsafeRawBufferPointer) {
        try? writeEvery(bytes)
    }

    private func writeEvery(_ bytes: UnsafeRawBufferPointer) throws {
        guard let base = bytes.baseAddress else { return }
        var written = 0
        while written < bytes.count {
            written += try checkedSystemCall(path: name) {
                Glibc.write(rawValue, base + written, bytes.count - written)
            }
        }
    }

    /// Moves the descriptor's offset back to the start of the file (`lseek`), for a reader
    /// that reads from the current offset.
    /// - Throws: `FileIOError`, e.g. for a pipe, which cannot seek.
    public func rewind() throws {
        try checkedSystemCall(path: name) { lseek(rawValue, 0, SEEK_SET) }
    }

    /// The file's size, kind and mode (`fstat`).
    /// - Throws: `FileIOError` when the call fails.
    public func status() throws -> FileStatus {
        var status = stat()
        try checkedSystemCall(path: name) { fstat(rawValue, &status) }
        return FileStatus(status)
    }

    /// Whether the descriptor is a terminal (`isatty`): a person may be there to answer.
    public var isTerminal: Bool {
        isatty(rawValue) == 1
    }
}
