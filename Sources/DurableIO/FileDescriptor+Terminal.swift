import Glibc

extension FileDescriptor {
    /// Opens the process's controlling terminal (`/dev/tty`) for reading and writing, where a
    /// passphrase is asked for even when standard input and output are redirected.
    /// - Throws: `FileIOError` when the process has no terminal (cron, a service).
    public static func openTerminal() throws -> FileDescriptor {
        try open("/dev/tty", O_RDWR)
    }

    /// Writes `prompt`, then reads one line typed on this terminal with its echo turned off,
    /// as `age` and ssh read a passphrase, and turns the echo back on (then ends the line the
    /// user's Return did not echo). Reads one byte at a time, so nothing past the line is taken;
    /// a read that fails ends the line.
    /// - Parameter buffer: receives the line, without its line feed; a longer line is cut at
    ///   the buffer's size.
    /// - Returns: the line's length.
    public func readLineWithoutEcho(prompt: String, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        var saved = termios()
        let canSilence = tcgetattr(rawValue, &saved) == 0
        if canSilence {
            var silent = saved
            silent.c_lflag &= ~tcflag_t(ECHO)
            _ = tcsetattr(rawValue, TCSANOW, &silent)
        }
        defer {
            if canSilence { _ = tcsetattr(rawValue, TCSANOW, &saved) }
            io.writeMessage("\n")
        }
        io.writeMessage(prompt)
        var length = 0
        var byte: UInt8 = 0
        while length < buffer.count, (try? withUnsafeMutableBytes(of: &byte) { try io.read(into: $0) }) == 1,
            byte != 0x0A
        {
            buffer[length] = byte
            length += 1
        }
        byte = 0
        return length
    }
}
