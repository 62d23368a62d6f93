import Foundation
import TestSupport
import Testing

/// `backupctl upgrade` on the backup fixtures (Tests/Fixtures/Backups), its output read back
/// with `tar`, `zstd` and Python — never with backupctl's own reader.
@Suite struct UpgradeCommandTests {
    /// Compares every `sections/<name>.json` (and `carried/<name>.json`) under a folder, and the
    /// manifest's absent sections, with `<stem>.expected-sections.json` strictly (`true` is not
    /// `1`, `1.0` is not `1`); prints each difference.
    static let compareSections = """
        import json, os, sys

        \(PythonJSONDifference.function)

        document = json.load(open(sys.argv[1]))
        manifest = json.load(open(os.path.join(sys.argv[2], "manifest.json")))
        problems = []
        if manifest.get("absentSections", []) != document["absentSections"]:
            problems.append(f"absentSections: expected {document['absentSections']}, found {manifest.get('absentSections')}")
        for kind, expected in (("sections", document["sections"]), ("carried", document.get("carried", {}))):
            folder = os.path.join(sys.argv[2], kind)
            present = sorted(os.listdir(folder)) if os.path.isdir(folder) else []
            problems += [f"unexpected entry {kind}/{name}" for name in present if name[:-len(".json")] not in expected]
            for name, value in expected.items():
                with open(os.path.join(folder, name + ".json"), "rb") as handle:
                    found = difference(value, json.load(handle), name)
                if found:
                    problems.append(found)
        print("\\n".join(problems))
        sys.exit(1 if problems else 0)
        """

    /// Versions 1 and 2 are upgraded; a version 3 archive becomes a version 4 one with the same
    /// sections; a version 4 one is copied, carried entries included. Each result validates and
    /// holds the fixture's expected sections.
    @Test(arguments: ["v1.json", "v2.json.gz", "v3.ddbackup", "v4.ddbackup"])
    func upgradeWritesAValidVersion4ArchiveWithTheExpectedSections(fixture: String) throws {
        let folder = try TemporaryDirectory()
        let output = folder.file("upgraded.ddbackup")
        let run = try backupctl("upgrade", Fixtures.url("Backups/\(fixture)").path, "-o", output.path)
        #expect(run.status == 0, "\(run.stderrText)")
        let input = Fixtures.url("Backups/\(fixture)").path
        #expect(
            run.stdoutText.hasPrefix(
                fixture.hasPrefix("v4")
                    ? "Copied \(input) into a new archive (already version 4, the version is unchanged): \(output.path)\n"
                    : "Upgraded \(input) from version \(fixture.dropFirst().prefix(1)) to 4: \(output.path)\n"),
            "\(run.stdoutText)")

        let validation = try backupctl("validate", output.path)
        #expect(validation.status == 0, "\(validation.stdoutText)\(validation.stderrText)")

        // The default compression is zstd; plain tar must list and extract it, manifest first.
        let listing = try ProcessRunner.run("tar", ["--zstd", "-tf", output.path])
        #expect(listing.status == 0, "\(listing.stderrText)")
        #expect(listing.stdoutText.split(separator: "\n").first == "manifest.json")
        let extracted = folder.file("extracted")
        try FileManager.default.createDirectory(at: extracted, withIntermediateDirectories: true)
        #expect(try ProcessRunner.run("tar", ["--zstd", "-xf", output.path, "-C", extracted.path]).status == 0)

        let stem = String(fixture.prefix { $0 != "." })
        let comparison = try ProcessRunner.python(
            Self.compareSections, [Fixtures.url("Backups/\(stem).expected-sections.json").path, extracted.path])
        #expect(comparison.status == 0, "\(comparison.stdoutText)\(comparison.stderrText)")
    }

    @Test func gzipArchiveHasChecksumsPythonAgreesWith() throws {
        let folder = try TemporaryDirectory()
        let output = folder.file("upgraded.ddbackup")
        let run = try backupctl(
            "upgrade", Fixtures.url("Backups/v1.json").path, "-o", output.path, "--compression", "gzip")
        #expect(run.status == 0, "\(run.stderrText)")
        let check = try ProcessRunner.python(
            """
            import hashlib, json, sys, tarfile
            with tarfile.open(sys.argv[1], "r:gz") as archive:
                members = archive.getmembers()
                assert members[0].name == "manifest.json", members[0].name
                manifest = json.load(archive.extractfile(members[0]))
                assert manifest["schemaVersion"] == 4 and manifest["storeSchemaVersion"] == 0, manifest
                # What version 1 never had stays absent.
                assert len(manifest["absentSections"]) == 6, manifest
                assert manifest["createdAt"] == "2022-04-15T05:20:00Z", manifest["createdAt"]
                for section in manifest["sections"]:
                    data = archive.extractfile(section["path"]).read()
                    assert len(data) == section["bytes"], section
                    assert hashlib.sha256(data).hexdigest() == section["sha256"], section
                print(len(manifest["sections"]))
            """, [output.path])
        #expect(check.stdoutText == "3\n", "\(check.stderrText)")
    }

    @Test func jsonReportSaysWhereFromAndTo() throws {
        let folder = try TemporaryDirectory()
        let output = folder.file("upgraded.ddbackup")
        let run = try backupctl("upgrade", Fixtures.url("Backups/v2.json.gz").path, "-o", output.path, "--json")
        #expect(run.status == 0, "\(run.stderrText)")
        let report = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
        #expect(report["fromVersion"] as? Int == 2 && report["toVersion"] as? Int == 4)
        let sections = try #require(report["sections"] as? [[String: Any]])
        #expect(sections.count == 9)
        #expect(sections.first { $0["name"] as? String == "usageCredits" }?["records"] as? Int == 1)
    }

    @Test func newerBackupExits76AndWritesNothing() throws {
        let folder = try TemporaryDirectory()
        let output = folder.file("upgraded.ddbackup")
        let run = try backupctl("upgrade", Fixtures.url("Backups/newer.ddbackup").path, "-o", output.path)
        #expect(run.status == 76)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func invalidBackupExits65AndWritesNothing() throws {
        let folder = try TemporaryDirectory()
        let input = folder.file("bad.json")
        try Data(#"{"version": 1, "domains": [{"name": "exa mple.com", "added": 0}]}"#.utf8).write(to: input)
        let output = folder.file("upgraded.ddbackup")
        let run = try backupctl("upgrade", input.path, "-o", output.path)
        #expect(run.status == 65)
        #expect(run.stderrText.contains("nothing was written"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }
}
