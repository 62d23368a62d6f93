import Foundation
import Glibc
import TestSupport
import Testing

@testable import DurableIO

@Suite struct FileLockTests {
    /// What a refused symbolic link is told.
    static let symbolicLinkReason =
        "it is a symbolic link, and backupctl never follows one for a lock; remove it if no backupctl is running"

    /// Expects acquiring `url` to be busy with `holderPID`, then, once `release` ran, to succeed.
    private func expectBusyUntilReleased(
        _ url: URL, holderPID: pid_t, release: () -> Void, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(throws: FileIOError.busy(path: url.path, holderPID: holderPID), sourceLocation: sourceLocation) {
            try FileLock.acquire(at: url)
        }
        release()
        try FileLock.acquire(at: url).release()
    }

    /// The path and reason of the `.unsafe` refusal acquiring `url` throws (an issue for anything else).
    private func unsafeRefusal(of url: URL, sourceLocation: SourceLocation = #_sourceLocation) -> (
        path: String, reason: String
    )? {
        let error = #expect(throws: FileIOError.self, sourceLocation: sourceLocation) { try FileLock.acquire(at: url) }
        guard case .unsafe(let path, let reason)? = error else {
            Issue.record("expected .unsafe, got \(String(describing: error))", sourceLocation: sourceLocation)
            return nil
        }
        return (path, reason)
    }

    /// A file holding `text` under two names (hard links) in `dir`: `name`, then `link`.
    private func fileWithTwoNames(_ name: String, _ link: String, holding text: String, in dir: TemporaryDirectory)
        throws -> (URL, URL)
    {
        try Data(text.utf8).write(to: dir.file(name))
        try FileManager.default.linkItem(at: dir.file(name), to: dir.file(link))
        return (dir.file(name), dir.file(link))
    }

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
        try expectBusyUntilReleased(url, holderPID: getpid(), release: lock.release)
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
        try expectBusyUntilReleased(url, holderPID: holder.pid, release: holder.release)
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
            if replaced { _ = FileManager.default.createFile(atPath: url.path, contents: Data()) }
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
        #expect(error == .unsafe(path: url.path, reason: Self.symbolicLinkReason))
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
        #expect(FileManager.default.createFile(atPath: url.path, contents: Data("other\n".utf8)))
        lock.releaseRemovingFile()
        #expect(try String(contentsOf: url, encoding: .utf8) == "other\n")
    }

    // MARK: Never written through (issue 16.2)

    /// A user who may write the folder plants `DIR/.backupctl.lock → /root-only/file`: root's
    /// lock must not truncate that file and write a pid into it.
    @Test func aLockFileThatIsASymbolicLinkToAnotherFileIsRefusedAndTheTargetUntouched() throws {
        let dir = try TemporaryDirectory()
        let target = dir.file("root-only")
        try Data("secret: do not truncate\n".utf8).write(to: target)
        let url = dir.file(".backupctl.lock")
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target.path)
        let error = #expect(throws: FileIOError.self) { try FileLock.acquire(at: url) }
        #expect(error == .unsafe(path: url.path, reason: Self.symbolicLinkReason))
        #expect(
            error?.description
                == "\(url.path) was left alone: it is a symbolic link, and backupctl never follows one for a lock; "
                + "remove it if no backupctl is running.")
        #expect(try String(contentsOf: target, encoding: .utf8) == "secret: do not truncate\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: url.path) == target.path)
    }

    @Test func aLockFileThatIsAHardLinkToAnotherFileIsRefusedAndTheFileUntouched() throws {
        let dir = try TemporaryDirectory()
        let (other, url) = try fileWithTwoNames("someone-elses", "store.sqlite.lock", holding: "keep me\n", in: dir)
        let refusal = unsafeRefusal(of: url)
        #expect(refusal?.path == url.path)
        #expect(
            refusal?.reason.hasPrefix("it has 2 names (hard links), so writing to it would change another file") == true
        )
        #expect(try String(contentsOf: other, encoding: .utf8) == "keep me\n")
    }

    @Test func aFIFOWhereTheLockFileBelongsIsRefusedWithoutBlocking() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("lock")
        #expect(mkfifo(url.path, 0o600) == 0)
        #expect(unsafeRefusal(of: url)?.reason.hasPrefix("it is not a regular file (a FIFO)") == true)
    }

    /// A lock file another user created (a store shared by a group): it is locked as it is,
    /// never truncated, and our pid is not written into it.
    @Test func anotherUsersLockFileIsLockedButNeverWritten() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("shared.sqlite.lock")
        try Data("4242\n".utf8).write(to: url)
        guard geteuid() == 0 else {
            print("skipped: needs root to give the lock file to another user")
            return
        }
        #expect(chown(url.path, 65534, 65534) == 0)
        chmod(url.path, 0o644)
        let lock = try FileLock.acquire(at: url)
        #expect(!lock.createdFile)
        #expect(try String(contentsOf: url, encoding: .utf8) == "4242\n")
        #expect(throws: FileIOError.busy(path: url.path, holderPID: 4242)) { try FileLock.acquire(at: url) }
        lock.release()
    }

    /// A user who may read but not write the lock file still takes the lock: `flock` works on
    /// a descriptor opened read-only.
    @Test func aLockFileThatMayOnlyBeReadIsLockedReadOnly() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("store.sqlite.lock")
        try Data("1\n".utf8).write(to: url)
        chmod(url.path, 0o644)
        let lock = try withUnprivilegedFileAccess { try FileLock.acquire(at: url) }
        #expect(try String(contentsOf: url, encoding: .utf8) == "1\n")
        try expectBusyUntilReleased(url, holderPID: 1, release: lock.release)
    }

    @Test func onlyALockFileThisAcquisitionCreatedCountsAsCreated() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("lock")
        let first = try FileLock.acquire(at: url)
        #expect(first.createdFile)
        first.release()
        let second = try FileLock.acquire(at: url)
        #expect(!second.createdFile)
        second.release()
    }

    @Test func twoNamesOfOneFileExcludeEachOtherWhenTheFileItselfIsLocked() throws {
        let dir = try TemporaryDirectory()
        let (store, other) = try fileWithTwoNames("store.sqlite", "hard.sqlite", holding: "store", in: dir)
        let lock = try FileLock.acquire(onExistingFile: store)
        #expect(throws: FileIOError.busy(path: other.path, holderPID: nil)) {
            try FileLock.acquire(onExistingFile: other)
        }
        lock.release()
        try FileLock.acquire(onExistingFile: other).release()
        #expect(try String(contentsOf: store, encoding: .utf8) == "store", "locking the file writes nothing into it")
    }
}
