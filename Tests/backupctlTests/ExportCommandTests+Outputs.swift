import Foundation
import Glibc
import TestSupport
import Testing

/// Outputs never clobber inputs (issue 15.3): an output that is the store or one of its files —
/// by any spelling, through a symbolic link or a hard link — is refused with exit 64 and the
/// folder left byte-identical; an existing file that is not a backup is replaced only with
/// `--force`; a device or a FIFO is never replaced.
extension ExportCommandTests {
    static let backends = ["store.sqlite", "store.plist"]

    @Test(arguments: backends)
    func anOutputThatIsTheStoreOrOneOfItsFilesIsRefusedWith64(name: String) throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore(name)
        try FileManager.default.createDirectory(atPath: workspace.path("sub"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: workspace.path("link.ddbackup"), withDestinationPath: name)
        try FileManager.default.linkItem(atPath: store, toPath: workspace.path("hard.ddbackup"))
        let spellings: [(output: String, role: String)] = [
            (name, "the store"), ("./\(name)", "the store"), ("sub/../\(name)", "the store"),
            ("link.ddbackup", "the store"), ("hard.ddbackup", "the store"),
            ("\(name)-wal", "the store's write-ahead log"), ("\(name)-shm", "the store's shared-memory index"),
            ("\(name)-journal", "the store's rollback journal"), ("\(name).lock", "the store's lock file"),
        ]
        let before = try FolderState(of: workspace.url)
        for (output, role) in spellings {
            let run = try workspace.backupctl("export", "--store", store, "-o", output)
            #expect(run.status == 64, "\(output): \(run.stderrText)")
            #expect(run.stdout.isEmpty)
            let shown = URL(fileURLWithPath: workspace.path(output)).standardizedFileURL.path
            #expect(run.stderrText.hasPrefix("error: The output \(shown) is \(role)"), "\(output): \(run.stderrText)")
            #expect(run.stderrText.contains("Nothing was written; choose another output path."))
            let after = try FolderState(of: workspace.url)
            #expect(after == before, "\(output): \(after.difference(from: before))")
        }
        // Standard output is never the store: `-o -` still works.
        #expect(try workspace.backupctl("export", "--store", store, "-o", "-", "--quiet").status == 0)
    }

    @Test func anExistingFileThatIsNotABackupIsReplacedOnlyWithForce() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore()
        let notes = workspace.path("notes.txt")
        try Data("my notes\n".utf8).write(to: URL(fileURLWithPath: notes))
        let before = try FolderState(of: workspace.url)
        let refused = try workspace.backupctl("export", "--store", store, "-o", "notes.txt")
        #expect(refused.status == 73)
        #expect(
            refused.stderrText == """
                error: \(notes) exists and is not a backup, so it was not replaced. Nothing was written.
                hint: Pass --force to replace it with the backup, or choose another output path.

                """)
        #expect(try FolderState(of: workspace.url) == before)

        let forced = try workspace.backupctl("export", "--store", store, "-o", "notes.txt", "--force", "--quiet")
        #expect(forced.status == 0, "\(forced.stderrText)")
        #expect(try workspace.backupctl("validate", notes, "--quiet").status == 0)
        // An earlier backup is replaced without --force, as every export replaces its output.
        let again = try workspace.backupctl("export", "--store", store, "-o", "notes.txt", "--quiet")
        #expect(again.status == 0, "\(again.stderrText)")
    }

    /// An encrypted backup cannot be told from another age file without its key: export says
    /// what the file is, and replaces it only with --force.
    @Test func anExistingEncryptedBackupIsNamedAsOneAndReplacedOnlyWithForce() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore()
        let key = try workspace.ageKey()
        let backup = try workspace.exportEncrypted(from: store, ["--recipient", key.recipient])
        let before = try FolderState(of: workspace.url)
        let refused = try workspace.backupctl("export", "--store", store, "-o", backup)
        #expect(refused.status == 73)
        #expect(
            refused.stderrText == """
                error: \(backup) exists and is an encrypted backup (age), which export does not replace without \
                --force: without its key it cannot be told from another file encrypted with age. Nothing was written.
                hint: Pass --force to replace it with the backup, or choose another output path.

                """)
        #expect(!refused.stderrText.contains("not a backup"))
        #expect(try FolderState(of: workspace.url) == before)

        let forced = try workspace.backupctl("export", "--store", store, "-o", backup, "--force", "--quiet")
        #expect(forced.status == 0, "\(forced.stderrText)")
        #expect(try workspace.backupctl("validate", backup, "--quiet").status == 0, "a plain backup now")
    }

    /// As root, renaming a backup over `/dev/null` would replace the device itself.
    @Test func aFIFOOrAFolderWhereTheOutputGoesIsLeftAloneEvenWithForce() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore()
        #expect(mkfifo(workspace.path("pipe"), 0o600) == 0)
        try FileManager.default.createDirectory(atPath: workspace.path("folder"), withIntermediateDirectories: false)
        let before = try FolderState(of: workspace.url)
        for (output, kind) in [("pipe", "a FIFO"), ("folder", "a directory")] {
            let run = try workspace.backupctl("export", "--store", store, "-o", output, "--force")
            #expect(run.status == 73, "\(output): \(run.stderrText)")
            #expect(
                run.stderrText.hasPrefix(
                    "error: \(workspace.path(output)) is \(kind), not a regular file: a backup cannot replace it"),
                "\(run.stderrText)")
        }
        #expect(try FolderState(of: workspace.url) == before)
    }

    /// `upgrade -o` replaces an existing backup, plain or encrypted, as it always did, but
    /// never another file: a store (any store, not only the default one) or a document named
    /// by a mistyped `-o` is left as it was, exit 73.
    @Test func upgradeReplacesOnlyABackup() throws {
        let workspace = try CommandWorkspace()
        let sqlite = try workspace.sampleStore("other.sqlite")
        let plist = try workspace.sampleStore("other.plist")
        let notes = workspace.path("notes.txt")
        try Data("notes\n".utf8).write(to: URL(fileURLWithPath: notes))
        let old = try workspace.copy(Fixtures.url("Backups/v1.json").path, to: "old.json")
        let before = try FolderState(of: workspace.url)
        for output in [sqlite, plist, notes] {
            let run = try workspace.backupctl("upgrade", old, "-o", output)
            #expect(run.status == 73, "\(output): \(run.stderrText)")
            #expect(
                run.stderrText == """
                    error: \(output) exists and is not a backup, so it was not replaced. Nothing was written.
                    hint: upgrade replaces only a backup: choose another output path, or remove the file first.

                    """, "\(run.stderrText)")
        }
        #expect(try FolderState(of: workspace.url) == before)

        let backup = try workspace.exportBackup(from: sqlite)
        let passphrase = workspace.path("pass.txt")
        try Data("correct horse\n".utf8).write(to: URL(fileURLWithPath: passphrase))
        let encrypted = workspace.path("encrypted.ddbackup")
        #expect(
            try workspace.backupctl("upgrade", backup, "-o", encrypted, "--passphrase-file", passphrase).status == 0)
        for output in [backup, encrypted] {
            let run = try workspace.backupctl("upgrade", old, "-o", output)
            #expect(run.status == 0, "\(output): \(run.stderrText)")
            #expect(try workspace.backupctl("validate", output).status == 0)
        }
    }

    @Test func upgradeNeverWritesOverItsInputOrTheStore() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore()
        let backup = try workspace.copy(Fixtures.url("Backups/v1.json").path, to: "old.json")
        try FileManager.default.linkItem(atPath: backup, toPath: workspace.path("same.json"))
        let before = try FolderState(of: workspace.url)
        for (output, role) in [("old.json", "the backup being upgraded"), ("same.json", "the backup being upgraded")] {
            let run = try workspace.backupctl("upgrade", "old.json", "-o", output)
            #expect(run.status == 64, "\(output): \(run.stderrText)")
            #expect(run.stderrText.hasPrefix("error: The output \(workspace.path(output)) is \(role)"))
        }
        let onStore = try workspace.backupctl(
            arguments: ["upgrade", "old.json", "-o", "store.sqlite-wal"], environment: ["DOMAINDIG_STORE": store])
        #expect(onStore.status == 64)
        #expect(onStore.stderrText.hasPrefix("error: The output \(store)-wal is the store's write-ahead log"))
        #expect(try FolderState(of: workspace.url) == before)
    }
}
