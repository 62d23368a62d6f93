import Foundation
import TestSupport
import Testing

@Suite struct SchemaCommandTests {
    @Test func printsTheCurrentSchemaAsDraft202012() throws {
        let workspace = try ValidationWorkspace()
        let output = try workspace.backupctl("schema")
        output.expectQuietSuccess()
        let schema = try ValidationWorkspace.jsonObject(output)
        #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        #expect((schema["properties"] as? [String: Any])?["unreadableRecords"] != nil, "version 4's carried entries")
        #expect(schema["$id"] as? String == "https://schemas.domaindig.app/backup/v4.json")
    }

    @Test func versionFourIsTheCurrentSchemaAndThreeIsStillPrinted() throws {
        let workspace = try ValidationWorkspace()
        let current = try workspace.backupctl("schema")
        let four = try workspace.backupctl("schema", "--version", "4")
        #expect(four.status == 0)
        #expect(four.stdout == current.stdout)
        let three = try ValidationWorkspace.jsonObject(try workspace.backupctl("schema", "--version", "3"))
        #expect((three["required"] as? [String])?.first == "trackedDomains")
        // With --json the schema is the envelope's `schema` field, the same document.
        let envelope = try workspace.backupctl("schema", "--json").jsonObject()
        #expect(envelope["ok"] as? Bool == true && envelope["command"] as? String == "schema")
        #expect(envelope["version"] as? Int == 4)
        let embedded = try JSONSerialization.data(
            withJSONObject: try #require(envelope["schema"]), options: .sortedKeys)
        let printed = try JSONSerialization.data(
            withJSONObject: try JSONSerialization.jsonObject(with: current.stdout), options: .sortedKeys)
        #expect(embedded == printed)
    }

    @Test func anUnknownVersionIsAUsageError() throws {
        let workspace = try ValidationWorkspace()
        let output = try workspace.backupctl("schema", "--version", "7")
        #expect(output.status == 64)
        #expect(output.stdoutText.isEmpty)
        #expect(output.stderrText.contains("--version must be one of 1, 2, 3, 4, not 7"))
    }

    @Test func quietPrintsNothing() throws {
        let workspace = try ValidationWorkspace()
        let output = try workspace.backupctl("schema", "--quiet")
        #expect(output.status == 0)
        #expect(output.stdout.isEmpty)
    }

    @Test func passesTheMetaSchemaCheckOfJsonschema() throws {
        try ValidationWorkspace.requireJSONSchema()
        let workspace = try ValidationWorkspace()
        let schemaFile = workspace.path("backup-v3.schema.json")
        try workspace.backupctl("schema").stdout.write(to: URL(fileURLWithPath: schemaFile))
        let check = try ProcessRunner.python(
            """
            import json, sys
            from jsonschema import Draft202012Validator, validators
            schema = json.load(open(sys.argv[1]))
            assert validators.validator_for(schema) is Draft202012Validator, "not declared as draft 2020-12"
            Draft202012Validator.check_schema(schema)
            print("ok")
            """, [schemaFile])
        #expect(check.status == 0, "\(check.stderrText)")
        #expect(check.stdoutText == "ok\n")
    }

    // MARK: The recipe in Docs/validation.md

    /// The Python script of Docs/validation.md ("Validating with your own tools"), verbatim.
    private func documentedScript() throws -> String {
        let doc = try String(
            contentsOf: Fixtures.repositoryRoot.appendingPathComponent("Docs/validation.md"), encoding: .utf8)
        let start = try #require(doc.range(of: "```python\n"), "Docs/validation.md has no python block")
        let end = try #require(doc.range(of: "\n```", range: start.upperBound..<doc.endIndex))
        return String(doc[start.upperBound..<end.lowerBound])
    }

    /// Runs the documented steps: print the schema, extract the backup with tar, check it with
    /// the documented script.
    private func runRecipe(on backup: String, in workspace: ValidationWorkspace) throws -> ProcessOutput {
        try ValidationWorkspace.requireJSONSchema()
        let schemaFile = workspace.path("backup-v3.schema.json")
        try workspace.backupctl("schema").stdout.write(to: URL(fileURLWithPath: schemaFile))
        let folder = workspace.path(URL(fileURLWithPath: backup).deletingPathExtension().lastPathComponent)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let tar = try ProcessRunner.run("tar", ["-xf", backup, "-C", folder])
        try #require(tar.status == 0, "\(tar.stderrText)")
        let script = workspace.path("check_backup.py")
        try documentedScript().write(toFile: script, atomically: true, encoding: .utf8)
        return try ProcessRunner.run(ProcessRunner.python, [script, schemaFile, folder])
    }

    @Test func theDocumentedRecipeAcceptsAFreshExport() throws {
        let workspace = try ValidationWorkspace()
        let output = try runRecipe(on: try workspace.freshExport(), in: workspace)
        #expect(output.status == 0, "\(output.stdoutText)\(output.stderrText)")
        #expect(output.stdoutText == "valid\n")
    }

    @Test func theDocumentedRecipeNamesTheBrokenValue() throws {
        let workspace = try ValidationWorkspace()
        let broken = try workspace.edit(
            "doc['trackedDomains'][5]['domain'] = 'exa mple.com'; del doc['lookupHistory'][2]['capturedAt']")
        let output = try runRecipe(on: broken, in: workspace)
        #expect(output.status == 1)
        let lines = output.stdoutText.split(separator: "\n").map(String.init)
        #expect(
            lines.contains { $0.hasPrefix("$.trackedDomains[5].domain: 'exa mple.com' does not match ") }, "\(lines)")
        #expect(lines.contains("$.lookupHistory[2]: 'capturedAt' is a required property"), "\(lines)")
        #expect(lines.last == "2 errors")
    }
}
