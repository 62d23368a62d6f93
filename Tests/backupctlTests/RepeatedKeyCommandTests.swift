import Foundation
import TestSupport
import Testing

/// A key repeated in one JSON object means one thing to backupctl's readers (the first value)
/// and another to Python and jq (the last), which the documentation suggests for checking a
/// backup by hand: one file, two readings. Repeated keys are refused in the manifest (exit 65)
/// and reported as errors, with their path, in sections.
@Suite struct RepeatedKeyCommandTests {
    @Test func aRepeatedManifestKeyIsRefusedByEveryCommandThatReadsIt() throws {
        let workspace = try CommandWorkspace()
        let backup = try CraftedArchive.repeatedManifestKey.write(in: workspace, absoluteTarget: "/unused")
        // The peer reads the last value: to Python this is a backup from a newer version.
        let python = try workspace.python(
            "import json, sys, tarfile; print(json.load(tarfile.open(sys.argv[1]).extractfile('manifest.json'))['schemaVersion'])",
            backup)
        #expect(python.stdoutText == "4\n")
        let message = #"the key "schemaVersion" appears more than once in $, so readers disagree on its value"#

        let validate = try workspace.backupctl("validate", backup)
        #expect(validate.status == 65)
        #expect(validate.stdoutText.contains("manifest.invalid"))
        #expect(validate.stdoutText.contains(message), "\(validate.stdoutText)")

        let store = try workspace.sampleStore("store.sqlite")
        let digests = try workspace.fileDigests(store)
        let names = try workspace.names()
        let imported = try workspace.backupctl("import", backup, "--store", store)
        #expect(imported.status == 65, "\(imported.stderrText)")
        #expect(imported.stderrText.contains(message))
        #expect(try workspace.fileDigests(store) == digests)
        #expect(try workspace.names() == names)

        let upgraded = try workspace.backupctl("upgrade", backup, "-o", workspace.path("out.ddbackup"))
        #expect(upgraded.status == 65)
        #expect(try workspace.names() == names)
    }

    static let trackedDomain =
        #"{"id": "00000000-0000-4000-8000-000000000001", "domain": "alpha.example", "addedAt": "2025-01-10T09:00:00Z""#

    @Test(arguments: [
        (#", "domain": "beta.example"}"#, "$.trackedDomains[1].domain"),
        (#", "d\u006Fmain": "beta.example"}"#, "$.trackedDomains[1].domain"),
        (#", "color": "red", "color": "blue"}"#, "$.trackedDomains[1].color"),
    ])
    func aRepeatedKeyInASectionIsAnErrorAtItsPath(tail: String, location: String) throws {
        let workspace = try CommandWorkspace()
        let other =
            #"{"id": "00000000-0000-4000-8000-000000000002", "domain": "gamma.example", "addedAt": "2025-01-10T09:00:00Z"}"#
        let backup = try workspace.craftBackup(
            "repeated.ddbackup", sections: ["trackedDomains": "[\(other), \(Self.trackedDomain)\(tail)]"])
        let output = try workspace.backupctl("validate", backup, "--json")
        #expect(output.status == 65)
        let findings = try #require(try output.jsonObject()["findings"] as? [[String: Any]])
        let repeated = findings.filter { $0["code"] as? String == "record.duplicate-key" }
        #expect(repeated.count == 1, "\(findings)")
        #expect(repeated.first?["severity"] as? String == "error")
        #expect(repeated.first?["path"] as? String == location)
        #expect(repeated.first?["section"] as? String == "trackedDomains")

        let store = try workspace.sampleStore("store.plist")
        let digests = try workspace.fileDigests(store)
        let imported = try workspace.backupctl("import", backup, "--store", store)
        #expect(imported.status == 65)
        #expect(
            imported.stderrText.contains("\(location): appears more than once in its object"), "\(imported.stderrText)")
        #expect(try workspace.fileDigests(store) == digests)
    }
}
