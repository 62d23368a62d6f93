import Foundation
import TestSupport
import Testing

/// `backupctl export` when it cannot or must not finish: the exit status of design §7, a
/// message naming the problem, and nothing partial left under the final name (design §8).
extension ExportCommandTests {
    @Test(arguments: [
        (["--level", "0"], "error: --level must be between 1 and 19 for zstd, not 0"),
        (["--level", "20"], "error: --level must be between 1 and 19 for zstd, not 20"),
        (["--compression", "gzip", "--level", "10"], "error: --level must be between 1 and 9 for gzip, not 10"),
        (["--compression", "none", "--level", "3"], "error: --level does not apply to --compression none"),
        (["--compression", "xz"], "error: invalid value 'xz' for --compression: expected one of zstd, gzip, none"),
    ])
    func rejectsAnInvalidCompressionSetting(arguments: [String], message: String) throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore()
        let before = try workspace.names()
        let output = try workspace.backupctl(arguments: ["export", "--store", store, "-o", "b.ddbackup"] + arguments)
        output.expectRefused(status: 64, saying: message + "\nUsage: backupctl export ")
        #expect(try workspace.names() == before)
    }

    @Test(arguments: [("zstd", "19"), ("gzip", "1"), ("gzip", "9"), ("zstd", "1")])
    func acceptsEveryEndOfTheLevelRange(compression: String, level: String) throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore()
        let output = try workspace.backupctl(
            "export", "--store", store, "-o", "b.ddbackup", "--compression", compression,
            "--level", level, "--quiet")
        #expect(output.status == 0, "\(output.stderrText)")
        #expect(try workspace.backupctl("inspect", "b.ddbackup").status == 0)
    }

    @Test func missingStoreIsInputNotFoundAndCreatesNothing() throws {
        let workspace = try CommandWorkspace()
        let store = workspace.path("absent.sqlite")
        let output = try workspace.backupctl("export", "--store", store, "-o", "b.ddbackup")
        output.expectRefused(status: 66, saying: "error: No DomainDig store exists at \(store).")
        #expect(output.stderrText.contains("hint: Pass --store PATH or set DOMAINDIG_STORE."))
        #expect(try workspace.names().isEmpty)
    }

    @Test func fileThatIsNotAStoreIsInvalidDataAndLeftAlone() throws {
        let workspace = try CommandWorkspace()
        let notes = workspace.path("notes.sqlite")
        let text = Data("not a database, just notes\n".utf8)
        try text.write(to: URL(fileURLWithPath: notes))
        let output = try workspace.backupctl("export", "--store", notes, "-o", "b.ddbackup")
        #expect(output.status == 65)
        #expect(output.stderrText.hasPrefix("error: "))
        #expect(output.stderrText.contains(notes))
        #expect(try workspace.contents(notes) == text)
        #expect(try workspace.names().filter { !$0.hasPrefix("notes.sqlite") }.isEmpty)
    }

    @Test func readOnlyOutputDirectoryCannotBeCreatedAndStaysEmpty() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore()
        let folder = workspace.path("read-only")
        try FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: false,
            attributes: [.posixPermissions: 0o555])
        // Root ignores a folder's mode: backupctl runs without the capabilities that let it.
        let output = try workspace.backupctlBoundByFileModes("export", "--store", store, "-o", folder + "/b.ddbackup")
        output.expectRefused(status: 73, saying: "error: Permission denied for \(folder) ")
        #expect(output.stderrText.contains("hint: Choose an output path in an existing folder you can write to."))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func outputWhoseFolderIsARegularFileCannotBeCreated() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore()
        let blocker = Data("a file where a folder should be\n".utf8)
        try blocker.write(to: workspace.directory.file("blocker"))
        let before = try workspace.names()
        let output = try workspace.backupctl("export", "--store", store, "-o", "blocker/b.ddbackup")
        #expect(output.status == 73)
        #expect(output.stderrText.hasPrefix("error: \(workspace.path("blocker")) "), "stderr: \(output.stderrText)")
        #expect(output.stderrText.contains("Not a directory"))
        #expect(try workspace.contents("blocker") == blocker)
        #expect(try workspace.names() == before)
    }

    @Test func outputThatIsAnExistingFolderCannotBeCreated() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore()
        let folder = workspace.path("folder")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let before = try workspace.names()
        let output = try workspace.backupctl("export", "--store", store, "-o", folder)
        #expect(output.status == 73)
        #expect(output.stderrText.hasPrefix("error: "))
        #expect(output.stderrText.contains("is a directory, not a regular file"))
        #expect(try workspace.names() == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    /// Export only reads the store: a writer holding the store's lock does not stop it, and it
    /// neither takes nor touches the lock.
    @Test func aStoreWhoseLockIsHeldIsExportedAllTheSame() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore()
        let before = try workspace.contents(store)
        let output = try workspace.python(
            """
            import fcntl, subprocess, sys
            with open(sys.argv[2] + '.lock', 'a') as lock:
                fcntl.flock(lock, fcntl.LOCK_EX)
                result = subprocess.run([sys.argv[1], 'export', '--store', sys.argv[2], '-o', sys.argv[3]],
                                        capture_output=True, text=True)
            print(result.returncode)
            sys.stdout.write(result.stderr)
            """, BuildProducts.backupctl.path, store, workspace.path("b.ddbackup"))
        #expect(output.stdoutText == "0\n", "\(output.stdoutText)\(output.stderrText)")
        #expect(try workspace.names() == ["b.ddbackup", "store.sqlite", "store.sqlite.lock"])
        #expect(try workspace.contents(store) == before)
        #expect(try workspace.backupctl("validate", workspace.path("b.ddbackup"), "--quiet").status == 0)
    }

    @Test func killedExportLeavesNothingUnderTheFinalName() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore(size: "medium")
        let final = "medium.ddbackup"
        let temporaryPrefix = ".\(final).tmp-"
        /// Starts an export and kills it as soon as the archive is being written under its
        /// temporary name: the moment a careless writer would already have a partial file under
        /// the final name. False when the export finished first: the file exists for a few
        /// milliseconds, and a busy machine can run the export through them before this looks.
        func exportKilledWhileWriting() throws -> Bool {
            let process = Process()
            process.executableURL = BuildProducts.backupctl
            process.arguments = ["export", "--store", store, "-o", workspace.path(final), "--quiet"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            while process.isRunning, try !workspace.names().contains(where: { $0.hasPrefix(temporaryPrefix) }) {
                usleep(500)
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            guard process.terminationReason == .uncaughtSignal else {
                try #require(process.terminationStatus == 0, "the export failed before it could be killed")
                try FileManager.default.removeItem(atPath: workspace.path(final))
                return false
            }
            return true
        }
        var killed = false
        for _ in 0..<10 where !killed { killed = try exportKilledWhileWriting() }
        try #require(killed, "the export finished before it could be killed, ten times")

        // SQLite's own -wal and -shm files may stay beside the store; they belong to it.
        let left = try workspace.names().filter { !$0.hasPrefix("store.sqlite") }
        #expect(!left.contains(final))
        #expect(left.allSatisfy { $0.hasPrefix(temporaryPrefix) }, "unexpected files: \(left)")

        // The store is intact and unlocked: the next export succeeds and reads back.
        #expect(try workspace.run("sqlite3", store, "PRAGMA integrity_check").stdoutText == "ok\n")
        let retry = try workspace.backupctl("export", "--store", store, "-o", final, "--quiet")
        #expect(retry.status == 0, "\(retry.stderrText)")
        #expect(try workspace.backupctl("inspect", final).status == 0)
        // Found by the crash tests: the killed export's temporary file stayed for good. The next
        // export of the name removes it (its writer is gone: nothing holds its lock).
        #expect(try workspace.names().filter { $0.hasPrefix(temporaryPrefix) } == [])
    }
}
