import Foundation
import TestSupport
import Testing

/// Exit codes that match the mistake (issue 15.9), each with its message, and nothing changed.
@Suite struct ExitCodeTests {
    @Test func aDirectoryWhereABackupFileIsExpectedIsNotFoundAndSaysItIsADirectory() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore()
        try FileManager.default.createDirectory(atPath: workspace.path("folder"), withIntermediateDirectories: false)
        let before = try FolderState(of: workspace.url)
        for arguments in [
            ["validate", "folder"], ["inspect", "folder"], ["import", "folder", "--store", store],
            ["upgrade", "folder", "-o", "out.ddbackup"],
        ] {
            let run = try workspace.backupctl(arguments: arguments)
            #expect(run.status == 66, "\(arguments): \(run.stderrText)")
            #expect(
                run.stderrText == """
                    error: folder is a directory, not a backup file.
                    hint: Pass the path of a backup file, or - to read one from standard input.

                    """, "\(arguments)")
            let after = try FolderState(of: workspace.url)
            #expect(after == before, "\(arguments): \(after.difference(from: before))")
        }
    }

    @Test(arguments: ["list", "prune"])
    func dirNamingAFileIsNotFoundAndNeverAsksToRemoveIt(command: String) throws {
        let workspace = try CommandWorkspace()
        let file = workspace.path("notes.txt")
        try Data("my notes\n".utf8).write(to: URL(fileURLWithPath: file))
        let before = try FolderState(of: workspace.url)
        let extra = command == "prune" ? ["--keep-last", "1"] : []
        let run = try workspace.backupctl(arguments: [command, "--dir", "notes.txt"] + extra)
        #expect(run.status == 66, "\(run.stderrText)")
        #expect(
            run.stderrText == """
                error: \(file) is not a directory but a regular file, so it holds no backups; it was left alone. Pass the directory the backups are in with --dir.

                """)
        #expect(!run.stderrText.lowercased().contains("remove"))
        #expect(try FolderState(of: workspace.url) == before)
    }

    @Test func backupIntoADirThatIsAFileCannotCreateItsOutputAndLeavesTheFileAlone() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.cleanStore()
        try Data("my notes\n".utf8).write(to: URL(fileURLWithPath: workspace.path("notes.txt")))
        let before = try FolderState(of: workspace.url)
        let run = try workspace.backupctl("backup", "--dir", "notes.txt", "--store", store)
        #expect(run.status == 73)
        #expect(
            run.stderrText.hasPrefix(
                "error: \(workspace.path("notes.txt")) is a regular file, not a directory, so no backup can be written into it; it was left alone."
            ), "\(run.stderrText)")
        #expect(!run.stderrText.lowercased().contains("remove"))
        #expect(try FolderState(of: workspace.url) == before)
    }

    @Test func sampleOnAStoreHoldingDataKeeps73AndHintsForce() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore()
        // Sample takes the store's lock before it finds the store full: the lock file gets its pid.
        let before = try FolderState(of: workspace.url).ignoringContent(of: ["store.sqlite.lock"])
        let run = try workspace.backupctl("sample", "--store", store, "--seed", "2")
        #expect(run.status == 73)
        #expect(
            run.stderrText == """
                error: The store at \(store) already holds 13 keys; sample only writes into an empty store, and left it unchanged.
                hint: Pass --force to replace the store's contents with the sample, or choose another --store.

                """)
        #expect(try FolderState(of: workspace.url).ignoringContent(of: ["store.sqlite.lock"]) == before)
    }
}
