import Foundation
import Glibc
import TestSupport
import Testing

/// Foreign files are refused (issue 15.6): a property list or an SQLite database that is
/// neither empty nor a DomainDig store is refused by every command with exit 65 and left
/// byte-identical — its mode too — with no lock file or folder beside it.
@Suite struct ForeignFileTests {
    /// Writes another program's file, mode 0644, and returns its path and what the refusal says.
    private func foreignFile(_ name: String, in workspace: CommandWorkspace) throws -> (path: String, reason: String) {
        let path = workspace.path(name)
        let script =
            name.hasSuffix(".plist")
            ? """
            import plistlib, sys
            plistlib.dump({'NSWindow Frame main': '0 0 800 600', 'AppleLanguages': ['en', 'de']}, open(sys.argv[1], 'wb'))
            """
            : """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.executescript('CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO photos VALUES (1, "cat.jpg");')
            db.close()
            """
        let output = try workspace.python(script, path)
        try #require(output.status == 0, "\(output.stderrText)")
        chmod(path, 0o644)
        let reason =
            name.hasSuffix(".plist")
            ? "it is a property list of another program: none of its 2 keys (\"AppleLanguages\", \"NSWindow Frame main\") is a DomainDig key"
            : "it is an SQLite database of another application (it has no application_id and it holds the tables photos)"
        return (path, reason)
    }

    @Test(arguments: ["preferences.plist", "photos.sqlite"])
    func everyCommandRefusesAForeignFileWith65AndLeavesItByteIdentical(name: String) throws {
        let workspace = try CommandWorkspace()
        let backup = try workspace.exportBackup(from: try workspace.sampleStore("source.sqlite"), to: "b.ddbackup")
        let (path, reason) = try foreignFile(name, in: workspace)
        let before = try FolderState(of: workspace.url)
        for arguments in [
            ["import", backup], ["import", backup, "--mode", "replace"], ["migrate"], ["sample", "--force"],
            ["export", "-o", "x.ddbackup"], ["status"], ["backup", "--dir", "backups"],
        ] {
            let run = try workspace.backupctl(arguments: arguments + ["--store", path])
            #expect(run.status == 65, "\(arguments): \(run.stderrText)")
            #expect(
                run.stderrText.hasPrefix(
                    "error: \(path) is not a DomainDig store: \(reason). It was left unchanged; pass the store's path with --store."
                ), "\(arguments): \(run.stderrText)")
            let after = try FolderState(of: workspace.url)
            #expect(after == before, "\(arguments): \(after.difference(from: before))")
        }
        #expect(try workspace.permissions(path) == 0o644)
    }

    /// An empty property list is not foreign: a new store may start from one.
    @Test func anEmptyPropertyListOrOneWithADomainDigKeyIsAStore() throws {
        let workspace = try CommandWorkspace()
        let backup = try workspace.exportBackup(from: try workspace.sampleStore("source.sqlite"), to: "b.ddbackup")
        for (name, values) in [("empty.plist", "{}"), ("mixed.plist", "{'savedDomains': b'[]', 'other': 1}")] {
            let output = try workspace.python(
                "import plistlib, sys; plistlib.dump(\(values), open(sys.argv[1], 'wb'))", workspace.path(name))
            try #require(output.status == 0)
            let run = try workspace.backupctl("import", backup, "--store", name, "--quiet")
            #expect(run.status == 0, "\(name): \(run.stderrText)")
        }
    }
}
