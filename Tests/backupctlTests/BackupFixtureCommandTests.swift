import DataValidation
import Foundation
import TestSupport
import Testing

/// `validate`, `inspect` and `schema` over the backup fixture of every version
/// (Tests/Fixtures/Backups), the schemas checked by an independent validator (Python's
/// `jsonschema`, from `$BACKUPCTL_TEST_PYTHON`, which `make python-deps` sets up).
@Suite struct BackupFixtureCommandTests {
    static let fixtures = [
        (file: "v1.json", version: 1), (file: "v2.json.gz", version: 2), (file: "v3.ddbackup", version: 3),
    ]

    /// Finds the fixture of a version by its name, as generate-fixtures.py writes them.
    static func fixtureFile(version: Int) throws -> String? {
        try FileManager.default.contentsOfDirectory(atPath: Fixtures.url("Backups").path)
            .first { $0.hasPrefix("v\(version).") && !$0.hasSuffix(".expected-sections.json") }
    }

    @Test func everySchemaVersionHasABackupFixture() throws {
        for version in BackupSchema.knownVersions {
            let file = try Self.fixtureFile(version: version)
            #expect(
                file != nil,
                "backup version \(version) has no fixture: add Tests/Fixtures/Backups/v\(version).… to generate-fixtures.py"
            )
            #expect(
                FileManager.default.fileExists(atPath: Fixtures.url("Backups/v\(version).expected-sections.json").path),
                "backup version \(version) has no expected sections")
            #expect(
                Self.fixtures.contains { $0.version == version },
                "backup version \(version) is not exercised by these tests")
        }
        #expect(FileManager.default.fileExists(atPath: Fixtures.url("Backups/newer.ddbackup").path))
    }

    @Test(arguments: fixtures.map(\.file))
    func validateAcceptsEveryKnownVersion(file: String) throws {
        let run = try backupctl("validate", Fixtures.url("Backups/\(file)").path, "--json")
        #expect(run.status == 0, "\(run.stdoutText)\(run.stderrText)")
        let report = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
        #expect(report["schemaVersion"] as? Int == Self.fixtures.first { $0.file == file }?.version)
    }

    @Test func validateRefusesTheNewerBackupWith76() throws {
        let run = try backupctl("validate", Fixtures.url("Backups/newer.ddbackup").path)
        #expect(run.status == 76)
        #expect(run.stdoutText.contains("version.newer"))
    }

    @Test(arguments: fixtures)
    func inspectDescribesEveryKnownVersion(fixture: (file: String, version: Int)) throws {
        let run = try backupctl("inspect", Fixtures.url("Backups/\(fixture.file)").path)
        #expect(run.status == 0, "\(run.stderrText)")
        #expect(run.stdoutText.contains("Format: DomainDigBackup, schema version \(fixture.version)"))
        let json = try backupctl("inspect", Fixtures.url("Backups/\(fixture.file)").path, "--json")
        let report = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        #expect(report["ok"] as? Bool == true)
        #expect((report["sections"] as? [Any])?.count == 9)
    }

    @Test func inspectRefusesTheNewerBackupWith76() throws {
        #expect(try backupctl("inspect", Fixtures.url("Backups/newer.ddbackup").path).status == 76)
    }

    /// Meta-validates the printed schema under draft 2020-12, then validates the document
    /// (gunzipped when needed) against it.
    static let validateWithSchema = """
        import gzip, json, sys
        from jsonschema import Draft202012Validator
        schema = json.load(open(sys.argv[1]))
        Draft202012Validator.check_schema(schema)
        raw = open(sys.argv[2], "rb").read()
        document = json.loads(gzip.decompress(raw) if raw[:2] == b"\\x1f\\x8b" else raw)
        errors = [f"{list(error.absolute_path)}: {error.message}" for error in
                  Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER).iter_errors(document)]
        print("\\n".join(errors))
        sys.exit(1 if errors else 0)
        """

    @Test(arguments: [(1, "Backups/v1.json"), (2, "Backups/v2.json.gz")])
    func printedLegacySchemaIsMetaValidAndAcceptsTheFixture(version: Int, fixture: String) throws {
        try checkAgainstPrintedSchema(version: version, document: Fixtures.url(fixture))
    }

    /// The expected results of every upgrade are themselves valid current backups: the
    /// sections, keyed by name, are what the printed version 3 schema describes.
    @Test(arguments: ["v1", "v2", "v3"])
    func expectedSectionsAreValidUnderThePrintedCurrentSchema(stem: String) throws {
        try checkAgainstPrintedSchema(version: 3, document: Fixtures.url("Backups/\(stem).expected-sections.json"))
    }

    func checkAgainstPrintedSchema(version: Int, document: URL) throws {
        let folder = try TemporaryDirectory()
        let schema = try backupctl("schema", "--version", String(version))
        #expect(schema.status == 0, "\(schema.stderrText)")
        let schemaFile = folder.file("schema.json")
        try schema.stdout.write(to: schemaFile)
        let check = try ProcessRunner.python(Self.validateWithSchema, [schemaFile.path, document.path])
        #expect(
            check.status == 0,
            "schema v\(version) against \(document.lastPathComponent):\n\(check.stdoutText)\(check.stderrText)")
    }
}
