import Foundation
import Testing

/// A backup the user may not read is an input that cannot be used (66), whichever command
/// reads it — not an output that cannot be created (73) — and nothing is written.
@Suite struct UnreadableInputTests {
    @Test(arguments: [
        ["validate"], ["inspect"], ["import", "--store", "new.sqlite"],
        ["import", "--store", "new.sqlite", "--dry-run"], ["upgrade", "-o", "upgraded.ddbackup"],
    ])
    func anUnreadableBackupIsInputNotFoundAndNothingIsWritten(command: [String]) throws {
        let workspace = try CommandWorkspace()
        let backup = try InspectCommandTests.exportedBackup(in: workspace)
        let before = try workspace.names()
        chmod(backup, 0o000)
        let arguments = [command[0], backup] + command.dropFirst()
        let output = try workspace.backupctlBoundByFileModes(arguments: arguments)
        #expect(output.status == 66, "\(arguments): \(output.stderrText)")
        #expect(output.stdout.isEmpty)
        #expect(
            output.stderrText == """
                error: Permission denied for \(backup) (Permission denied).
                hint: Check its owner and mode and those of its folder.

                """)
        #expect(try workspace.names() == before, "\(arguments) wrote a file")
    }
}
