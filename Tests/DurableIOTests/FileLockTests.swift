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
        let output = try ProcessRunner.python(
            """
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

    @Test func releaseRemovingFileLeavesNothingAndTheLockCanBeTakenAgain() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("lock")
        let lock = try FileLock.acquire(at: url)
        lock.releaseRemovingFile()
        #expect(!FileManager.default.fileExists(atPath: url.path))
        lock.releaseRemovingFile()
        let again = try FileLock.acquire(at: url)
        #expect(try String(contentsOf: url, encoding: .utf8) == "\(getpid())\n")
        again.release()
        #expect(FileManager.default.fileExists(atPath: url.path), "a plain release keeps the file")
    }

    @Test func releasingAfterRemovalDoesNotRemoveTheNextHoldersFile() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("lock")
        let first = try FileLock.acquire(at: url)
        first.release()
        let second = try FileLock.acquire(at: url)
        first.releaseRemovingFile()
        #expect(
            FileManager.default.fileExists(atPath: url.path),
            "a released lock must not remove a file it no longer holds")
        second.release()
    }

    /// The race a removing release opens: a process opened the file, then its holder removed it.
    /// Locking the open, unnamed file would let it go ahead beside whoever locks the new file.
    /// With `replaced`, another file appears under the name at once (a new holder's).
    @Test(arguments: [false, true])
    func fileRemovedBetweenOpeningAndLockingIsOpenedAgain(replaced: Bool) throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("lock")
        try Data("stale\n".utf8).write(to: url)
        var removals = 0
        let lock = try FileLock.acquire(at: url) {
            guard removals == 0 else { return }
            removals += 1
            unlink(url.path)
            if replaced { FileManager.default.createFile(atPath: url.path, contents: Data()) }
        }
        #expect(removals == 1)
        #expect(try String(contentsOf: url, encoding: .utf8) == "\(getpid())\n")
        // The file under the name is the one locked: another open of it is busy.
        #expect(throws: FileIOError.busy(path: url.path, holderPID: getpid())) {
            try FileLock.acquire(at: url)
        }
        lock.release()
    }

    @Test func aLockFileThatIsASymbolicLinkToNothingIsRefusedAtOnce() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("lock")
        try FileManager.default.createSymbolicLink(
            atPath: url.path, withDestinationPath: dir.file("missing/target").path)
        let error = #expect(throws: FileIOError.self) { try FileLock.acquire(at: url) }
        #expect(error?.description.contains("symbolic link to a file that does not exist") == true)
    }

    @Test func aLockFileReplacedOnEveryAttemptIsGivenUpOn() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("lock")
        var attempts = 0
        let error = #expect(throws: FileIOError.self) {
            try FileLock.acquire(at: url) {
                attempts += 1
                unlink(url.path)
            }
        }
        #expect(attempts == FileLock.maxAttempts)
        #expect(error?.description.contains("kept disappearing or being replaced") == true)
    }

    @Test func releaseRemovingFileLeavesAFileThatIsNoLongerItsOwn() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("lock")
        let lock = try FileLock.acquire(at: url)
        unlink(url.path)
        FileManager.default.createFile(atPath: url.path, contents: Data("other\n".utf8))
        lock.releaseRemovingFile()
        #expect(try String(contentsOf: url, encoding: .utf8) == "other\n")
    }
}
