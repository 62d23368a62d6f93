import Foundation
import TestSupport
import Testing

/// `backupctl inspect` against archives built to attack or confuse it (design §8): each is
/// refused with its own message and exit status, and nothing is extracted or written anywhere.
extension InspectCommandTests {
    @Test(arguments: CraftedArchive.allCases)
    func refusesCraftedArchive(archive: CraftedArchive) throws {
        let workspace = try CommandWorkspace()
        let escapeFolder = try TemporaryDirectory(prefix: "backupctl-escape")
        let absoluteTarget = escapeFolder.file("escaped.json").path
        let path = try archive.write(in: workspace, absoluteTarget: absoluteTarget)
        let bytes = try workspace.contents(path)
        let name = "\(archive.rawValue).ddbackup"

        let output = try workspace.backupctl("inspect", name)
        #expect(output.status == archive.expectedStatus, "stderr: \(output.stderrText)")
        #expect(output.stderrText.hasPrefix("error: "))
        #expect(output.stderrText.contains(archive.expectedMessage), "stderr: \(output.stderrText)")
        #expect(output.stderrText.contains(name))

        // Nothing extracted, created or changed: not beside the archive, not where the
        // entries point, not in the archive itself.
        #expect(try workspace.names() == [name])
        #expect(try FileManager.default.contentsOfDirectory(atPath: escapeFolder.path).isEmpty)
        #expect(
            !FileManager.default.fileExists(
                atPath: workspace.url.deletingLastPathComponent().appendingPathComponent("escaped.json").path))
        #expect(try workspace.contents(path) == bytes)

        let json = try workspace.backupctl("inspect", name, "--json")
        #expect(json.status == archive.expectedStatus)
        let document = try json.jsonObject()
        #expect(document["ok"] as? Bool == false)
    }

    @Test func refusesTheBombAfterReadingAFractionOfIt() throws {
        let workspace = try CommandWorkspace()
        let path = try CraftedArchive.decompressionBomb.write(in: workspace, absoluteTarget: workspace.path("unused"))
        let output = try workspace.backupctl("inspect", path)
        #expect(output.status == 65)
        // The message reports how far decompression got: about the 1 MiB threshold, not 300 MiB.
        let produced = try #require(
            output.stderrText.firstMatch(of: #/into (\d+(?:\.\d+)?) MiB/#), "\(output.stderrText)")
        #expect((Double(produced.1) ?? .infinity) < 8)
    }
}
