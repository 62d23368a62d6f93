import Foundation
import TestSupport
import Testing

/// Binary never goes to a terminal: `export -o -` with standard output on a terminal is
/// refused before anything is read or written.
@Suite struct TerminalOutputTests {
    @Test func exportToATerminalIsRefusedWithAHintToRedirect() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore()
        let before = try workspace.storeDump(store)
        let names = try workspace.names()
        let output = try workspace.backupctlOnTerminal("export", "--store", store, "-o", "-")
        #expect(output.status == 64)
        #expect(
            output.stdoutText
                == """
                error: Standard output is a terminal; the backup is binary, so it was not written.\r
                hint: Redirect standard output to a file or a pipe (`> backup.ddbackup`, `| ssh …`), or pass -o FILE.\r

                """)
        // Nothing was read, written or locked.
        #expect(try workspace.names() == names)
        #expect(try workspace.storeDump(store) == before)
    }

    @Test func theRefusalComesBeforeTheStoreIsLookedFor() throws {
        let workspace = try CommandWorkspace()
        let output = try workspace.backupctlOnTerminal("export", "--store", "missing.sqlite", "-o", "-")
        #expect(output.status == 64)
        #expect(output.stdoutText.hasPrefix("error: Standard output is a terminal"))
        #expect(try workspace.names().isEmpty)
    }

    @Test func withJSONTheFailureDocumentGoesToStandardError() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore()
        let output = try workspace.backupctlOnTerminal(
            "export", "--store", store, "-o", "-", "--json", redirection: "2> failure.json")
        #expect(output.status == 64)
        // Standard error holds the message and hint, then the one JSON document.
        let lines = String(decoding: try workspace.contents("failure.json"), as: UTF8.self).split(separator: "\n")
        #expect(lines.first == "error: Standard output is a terminal; the backup is binary, so it was not written.")
        let failure = try ProcessOutput.jsonObject(from: Data(try #require(lines.last).utf8))
        #expect(failure["ok"] as? Bool == false)
        #expect(failure["exitCode"] as? Int == 64)
        #expect(failure["status"] as? String == "usage")
        #expect((failure["hint"] as? String)?.hasPrefix("Redirect standard output") == true)
    }

    @Test func redirectedStandardOutputGetsTheArchive() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore()
        let output = try workspace.backupctlOnTerminal(
            "export", "--store", store, "-o", "-", redirection: "> streamed.ddbackup")
        #expect(output.status == 0)
        #expect(output.stdoutText.contains("Exported \(store) to standard output"))
        #expect(try workspace.backupctl("validate", "streamed.ddbackup", "-q").status == 0)
    }

    @Test func aFileOutputIsWrittenFromATerminal() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore()
        let output = try workspace.backupctlOnTerminal("export", "--store", store, "-o", "b.ddbackup")
        #expect(output.status == 0)
        #expect(try workspace.names().contains("b.ddbackup"))
    }
}
