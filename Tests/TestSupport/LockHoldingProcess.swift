import Foundation

/// A Python process that holds a `flock` on a file, as another backupctl would, until
/// `release()`: it writes its pid into the file (as backupctl does) and reports "locked" once
/// it holds the lock, so a test waits on that line rather than on a clock.
///
///     let holder = try LockHoldingProcess(lockFile: folder.file(".backupctl.lock"))
///     defer { holder.release() }
public final class LockHoldingProcess {
    /// The holder did not report holding the lock.
    public struct StartFailure: Error, CustomStringConvertible {
        public let output: String
        public var description: String { "the lock holder ended before taking the lock; it said: \(output)" }
    }

    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()

    /// The holder's process id, which a refused backupctl must name.
    public var pid: Int32 { process.processIdentifier }

    /// Starts the holder and returns once it has the lock; the file is created (mode 0600)
    /// if missing.
    /// - Throws: `StartFailure` when it could not take the lock.
    public init(lockFile: URL) throws {
        let script = """
            import fcntl, os, sys
            fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o600)
            fcntl.flock(fd, fcntl.LOCK_EX)
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\\n".encode())
            print("locked", flush=True)
            sys.stdin.read()
            """
        ProcessRunner.setProgram(of: process, to: ProcessRunner.python, ["-c", script, lockFile.path])
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var received = Data()
        while !received.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            received.append(chunk)
        }
        let said = String(decoding: received, as: UTF8.self)
        guard said == "locked\n" else {
            process.terminate()
            process.waitUntilExit()
            throw StartFailure(output: said)
        }
    }

    /// Lets the lock go and waits for the holder to end.
    public func release() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    deinit {
        if process.isRunning { release() }
    }
}
