import DataValidation
import Foundation
import TestSupport
import Testing

/// `validate`, `inspect` and `schema` over the backup fixture of every version
/// (Tests/Fixtures/Backups), the schemas checked by an independent validator (Python's
/// `jsonschema`, from `$BACKUPCTL_TEST_PYTHON`, which `make python-deps` sets up).
@Suite struct BackupFixtureCommandTests {
    /// The fixture of every version this build knows, found by its name as generate-fixtures.py
    /// writes them (`v<n>.…`); a version without one fails `everySchemaVersionHasABackupFixture`.
    static let fixtures: [(file: String, version: Int)] = BackupSchema.knownVersions.compactMap { version in
        fixtureFile(version: version).map { (file: $0, version: version) }
    }

    /// Finds the fixture of a version by its name, as generate-fixtures.py writes them.
    static func fixtureFile(version: Int) -> String? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Fixtures.url("Backups").path)) ?? []
        return names.sorted().first { $0.hasPrefix("v\(version).") && !$0.contains(".expected-") }
    }

    @Test func everySchemaVersionHasABackupFixture() throws {
        for version in BackupSchema.knownVersions {
            #expect(
                Self.fixtureFile(version: version) != nil,
                "backup version \(version) has no fixture: add Tests/Fixtures/Backups/v\(version).… to generate-fixtures.py"
            )
            for expectation in ["expected-sections", "expected-store"] {
                #expect(
                    FileManager.default.fileExists(
                        atPath: Fixtures.url("Backups/v\(version).\(expectation).json").path),
                    "backup version \(version) has no \(expectation).json")
            }
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
        // The sections its version had (version 1 had three), and a version 4 backup's carried entries.
        let expected = [1: 3, 2: 9, 3: 9, 4: 11][fixture.version]
        #expect((report["sections"] as? [Any])?.count == expected)
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
    /// sections (and a version 4 backup's carried entries), keyed by name, are what the
    /// printed version 4 schema describes.
    @Test(arguments: fixtures.map { "v\($0.version)" })
    func expectedSectionsAreValidUnderThePrintedCurrentSchema(stem: String) throws {
        let folder = try TemporaryDirectory()
        let document = folder.file("\(stem).json")
        let assembled = try ProcessRunner.python(
            """
            import json, sys
            expected = json.load(open(sys.argv[1]))
            json.dump({**expected["sections"], **expected.get("carried", {})}, open(sys.argv[2], "w"))
            """, [Fixtures.url("Backups/\(stem).expected-sections.json").path, document.path])
        try #require(assembled.status == 0, "\(assembled.stderrText)")
        try checkAgainstPrintedSchema(version: 4, document: document)
    }

    /// Version 3's sections are version 4's: its expected sections are valid under both.
    @Test func version3SectionsAreValidUnderThePrintedVersion3Schema() throws {
        let folder = try TemporaryDirectory()
        let document = folder.file("v3.json")
        let assembled = try ProcessRunner.python(
            "import json, sys; json.dump(json.load(open(sys.argv[1]))['sections'], open(sys.argv[2], 'w'))",
            [Fixtures.url("Backups/v3.expected-sections.json").path, document.path])
        try #require(assembled.status == 0, "\(assembled.stderrText)")
        try checkAgainstPrintedSchema(version: 3, document: document)
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
