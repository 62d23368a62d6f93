import Foundation
import TestSupport
import Testing

/// An empty path names nothing: every option or argument that takes a path refuses `""` as a
/// usage error (64) naming it, before anything is read or written. Taken as it is, `--store ""`
/// would open the default store, `--dir ""` the current folder, and a file `""` would be "not
/// found" (66).
@Suite struct EmptyPathCommandTests {
    /// A command line with one empty path, and the name the message gives it.
    struct Case: Sendable, CustomStringConvertible {
        var arguments: [String]
        var name: String
        var description: String { arguments.joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(arguments: ["import", ""], name: "<file>"),
        Case(arguments: ["import", "b.ddbackup", "--store", ""], name: "--store"),
        Case(arguments: ["validate", ""], name: "<file>"),
        Case(arguments: ["inspect", ""], name: "<file>"),
        Case(arguments: ["export", "--store", "store.sqlite", "-o", ""], name: "-o"),
        Case(arguments: ["export", "--store", ""], name: "--store"),
        Case(arguments: ["backup", "--store", "store.sqlite", "--dir", ""], name: "--dir"),
        Case(arguments: ["backup", "--store", "", "--dir", "backups"], name: "--store"),
        Case(arguments: ["list", "--dir", ""], name: "--dir"),
        Case(arguments: ["prune", "--dir", "", "--keep-last", "1"], name: "--dir"),
        Case(arguments: ["restore", "--dir", ""], name: "--dir"),
        Case(arguments: ["restore", "--dir", "backups", "--store", ""], name: "--store"),
        Case(arguments: ["upgrade", "", "-o", "new.ddbackup"], name: "<file>"),
        Case(arguments: ["upgrade", "b.ddbackup", "-o", ""], name: "-o"),
        Case(arguments: ["status", "--store", ""], name: "--store"),
        Case(arguments: ["migrate", "--store", ""], name: "--store"),
        Case(arguments: ["sample", "--store", ""], name: "--store"),
        Case(arguments: ["validate", "b.ddbackup", "--identity", ""], name: "--identity"),
        Case(
            arguments: ["import", "b.ddbackup", "--store", "store.sqlite", "--passphrase-file", ""],
            name: "--passphrase-file"),
        Case(
            arguments: ["export", "--store", "store.sqlite", "-o", "x.ddbackup", "--recipients-file", ""],
            name: "--recipients-file"),
        Case(
            arguments: ["export", "--store", "store.sqlite", "-o", "x.ddbackup", "--passphrase-file", ""],
            name: "--passphrase-file"),
    ]

    @Test(arguments: cases)
    func anEmptyPathIsAUsageErrorAndNothingIsWritten(_ test: Case) throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore("store.sqlite")
        try FileManager.default.createDirectory(atPath: workspace.path("backups"), withIntermediateDirectories: true)
        _ = try workspace.backupctl("export", "--store", store, "-o", "b.ddbackup", "--quiet")
        _ = try workspace.backupctl("backup", "--store", store, "--dir", "backups", "--quiet")
        let before = try FolderState(of: workspace.url)
        let storeBefore = try workspace.storeContents(store)
        // The default store, were `--store ""` taken for "no --store", is in the workspace too.
        let environment = ["DOMAINDIG_STORE": workspace.path("default.sqlite")]
        for json in [false, true] {
            let run = try workspace.backupctl(
                arguments: test.arguments + (json ? ["--json"] : []), environment: environment)
            #expect(run.status == 64, "\(test): \(run.stderrText)")
            #expect(
                run.stderrText.hasPrefix("error: \(test.name) is an empty path, which names no file or folder"),
                "\(test): \(run.stderrText)")
            if json {
                let document = try run.jsonObject()
                #expect(document["status"] as? String == "usage")
                #expect((document["error"] as? String)?.contains("is an empty path") == true)
            } else {
                #expect(run.stdout.isEmpty)
            }
        }
        #expect(try FolderState(of: workspace.url) == before, "\(test): nothing written")
        #expect(try workspace.storeContents(store) == storeBefore)
    }
}
