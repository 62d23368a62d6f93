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
        holder.release()
        let lock = try FileLock.acquire(at: url)
        lock.release()
    }
}
