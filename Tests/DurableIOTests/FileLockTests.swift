import Foundation
import Glibc
import TestSupport
import Testing

@testable import DurableIO

@Suite struct FileLockTests {
    @Test func holderWritesItsPidIntoAFileWithMode0600() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("store.sqlite.lock")
        let lock = try FileLock.acquire(at: url)
        #expect(try String(contentsOf: url, encoding: .utf8) == "\(getpid())\n")
        #expect(try permissions(of: url.path) == 0o600)
        lock.release()
    }

    @Test func secondAcquisitionIsBusyWithTheHoldersPid() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("lock")
        let lock = try FileLock.acquire(at: url)
        #expect(throws: FileIOError.busy(path: url.path, holderPID: getpid())) {
            try FileLock.acquire(at: url)
        }
        lock.release()
        let again = try FileLock.acquire(at: url)
        again.release()
    }

    @Test func droppingTheLockReleasesIt() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("lock")
        do {
            let lock = try FileLock.acquire(at: url)
            #expect(lock.url == url)
        }
        let again = try FileLock.acquire(at: url)
        again.release()
    }

    @Test func aStalePidFromAnEarlierHolderIsReplaced() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("lock")
        try Data("99999999 and a long stale line\n".utf8).write(to: url)
        let lock = try FileLock.acquire(at: url)
        #expect(try String(contentsOf: url, encoding: .utf8) == "\(getpid())\n")
        lock.release()
    }

    @Test func anotherProcessSeesOurLockAndOurPid() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("lock")
        let lock = try FileLock.acquire(at: url)
        let output = try ProcessRunner.python("""
            import fcntl, os, sys
            fd = os.open(sys.argv[1], os.O_RDWR)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                print("acquired")
            except BlockingIOError:
                print("busy", os.read(fd, 64).decode().strip())
            """, [url.path])
        #expect(output.status == 0, "\(output.stderrText)")
        #expect(output.stdoutText == "busy \(getpid())\n")
        lock.release()
    }

    @Test func lockHeldByAnotherProcessIsBusyWithItsPid() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("lock")
        let holder = try LockHoldingProcess(lockFile: url)
        #expect(throws: FileIOError.busy(path: url.path, holderPID: holder.pid)) {
            try FileLock.acquire(at: url)
        }
        try holder.finish()
        let lock = try FileLock.acquire(at: url)
        lock.release()
    }
}

/// A Python process that holds a `flock` on a file, as another backupctl would, until told
/// to exit. It writes its pid into the file and reports "locked" once it holds the lock, so
/// the test waits on that line rather than on a clock.
final class LockHoldingProcess {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()

    var pid: Int32 { process.processIdentifier }

    init(lockFile: URL) throws {
        let script = """
            import fcntl, os, sys
            fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o600)
            fcntl.flock(fd, fcntl.LOCK_EX)
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\\n".encode())
            print("locked", flush=True)
            sys.stdin.read()
            """
        let python = ProcessRunner.python
        if python.hasPrefix("/") {
            process.executableURL = URL(fileURLWithPath: python)
            process.arguments = ["-c", script, lockFile.path]
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [python, "-c", script, lockFile.path]
        }
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var received = Data()
        while !received.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            received.append(chunk)
        }
        guard String(decoding: received, as: UTF8.self) == "locked\n" else {
            process.terminate()
            process.waitUntilExit()
            throw CocoaError(.executableLoad)
        }
    }

    /// Tells the process to release the lock and exit, and waits for it.
    func finish() throws {
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    deinit {
        if process.isRunning {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
    }
}
