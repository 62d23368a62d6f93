import ArgumentParsing
import DomainModel
import Foundation
import TestSupport
import Testing

@testable import DataPortability
@testable import backupctl

/// Item 1 of issue 19: every command's `--json` document, on success and on each failure it
/// has, follows the one envelope that `Docs/json-output.schema.json` describes — checked with
/// Python's `jsonschema` (draft 2020-12), an independent validator.
@Suite struct JSONOutputTests {
    /// The commands as declared (the root's subcommands, without the built-in `help`).
    static let commands = CommandInfo(root: Backupctl.self).subcommands.map(\.name).filter { $0 != "help" }

    static let schemaURL = Fixtures.repositoryRoot.appendingPathComponent("Docs/json-output.schema.json")

    /// Validates each document against the schema; returns one line per problem.
    static func schemaProblems(_ documents: [Data]) throws -> [String] {
        let lines = documents.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
        let output = try ProcessRunner.python(
            """
            import json, sys
            from jsonschema import Draft202012Validator
            schema = json.load(open(sys.argv[1], encoding='utf-8'))
            Draft202012Validator.check_schema(schema)
            validator = Draft202012Validator(schema)
            for number, line in enumerate(sys.stdin.read().splitlines()):
                document = json.loads(line)
                for error in validator.iter_errors(document):
                    print(f"document {number} ({document.get('command')}, {document.get('exitCode', 0)}): "
                          f"{'/'.join(map(str, error.absolute_path))}: {error.message[:300]}")
            """, [schemaURL.path], stdin: Data(lines.utf8))
        try #require(output.status == 0, "the validator failed: \(output.stderrText)")
        return output.stdoutText.split(separator: "\n").map(String.init)
    }

    @Test func everyDeclaredCommandHasItsRuns() {
        #expect(Set(JSONOutputScenarios.byCommand.keys) == Set(Self.commands))
        for command in Self.commands {
            let statuses = Set((JSONOutputScenarios.byCommand[command] ?? []).map(\.status))
            #expect(statuses.isSuperset(of: [0, 64]), "\(command) needs a success and a usage error")
        }
    }

    @Test func theSchemaNamesEveryCommandAndEveryExitStatus() throws {
        let schema = try ProcessOutput.jsonObject(from: try Data(contentsOf: Self.schemaURL))
        #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        let properties = try #require(schema["properties"] as? [String: Any])
        let codes = try #require((properties["exitCode"] as? [String: Any])?["enum"] as? [Int])
        let names = try #require((properties["status"] as? [String: Any])?["enum"] as? [String])
        let failures = ExitStatus.allCases.filter { $0 != .success }
        #expect(codes == failures.map { Int($0.rawValue) })
        #expect(names == failures.map(\.name))
        let definitions = try #require(schema["$defs"] as? [String: Any])
        for command in Self.commands { #expect(definitions[command] != nil, "no $defs/\(command)") }
    }

    @Test(arguments: commands)
    func everyOutcomeOfTheCommandMatchesTheSchema(command: String) throws {
        let workspace = try CommandWorkspace()
        try workspace.prepareJSONOutputRuns()
        var documents: [Data] = []
        for scenario in JSONOutputScenarios.byCommand[command] ?? [] {
            let holder = try scenario.heldLock.map { try LockHoldingProcess(lockFile: workspace.directory.file($0)) }
            let run = try workspace.backupctl(arguments: scenario.arguments + ["--json"])
            holder?.release()
            #expect(run.status == scenario.status, "\(scenario): \(run.stderrText)")
            let text = scenario.documentOnStandardError ? run.stderr : run.stdout
            let lines = text.split(separator: UInt8(ascii: "\n"))
            let line = try #require(lines.last, "\(scenario): no document")
            if !scenario.documentOnStandardError {
                #expect(lines.count == 1, "\(scenario): one document, on one line")
            }
            let document = try ProcessOutput.jsonObject(from: Data(line))
            #expect(document["command"] as? String == command, "\(scenario)")
            #expect(document["ok"] as? Bool == (scenario.status == 0), "\(scenario)")
            if scenario.status != 0 {
                #expect(document["exitCode"] as? Int == Int(scenario.status), "\(scenario)")
                // The same sentence as the error: line on standard error.
                let error = try #require(document["error"] as? String)
                #expect(run.stderrText.contains("error: \(error)\n"), "\(scenario)")
            }
            documents.append(Data(line))
        }
        #expect(try Self.schemaProblems(documents) == [])
    }

    @Test func aUsageErrorNamingNoCommandHasANullCommand() throws {
        let workspace = try CommandWorkspace()
        let run = try workspace.backupctl("rollback", "--json")
        #expect(run.status == 64)
        let document = try run.jsonObject()
        #expect(document["command"] is NSNull)
        #expect(document["status"] as? String == "usage")
        #expect(try Self.schemaProblems([run.stdout]) == [])
    }

    @Test func failuresCarryTheFindingsOfTheBackupTheyRefused() throws {
        let workspace = try CommandWorkspace()
        try workspace.prepareJSONOutputRuns()
        // A file that is not a backup and an archive cut short: one shape, findings inside.
        for backup in ["notes.txt", "truncated.ddbackup", "invalidRecord.ddbackup"] {
            let run = try workspace.backupctl("import", backup, "--store", "store.sqlite", "--json")
            #expect(run.status == 65)
            let document = try run.jsonObject()
            #expect(document["status"] as? String == "invalid-data")
            #expect(document["input"] as? String == backup)
            let counts = try #require(document["findingCounts"] as? [String: Int])
            let findings = try #require(document["findings"] as? [[String: Any]])
            #expect(counts["errors"] == findings.filter { $0["severity"] as? String == "error" }.count)
            #expect((counts["errors"] ?? 0) >= 1, "\(backup)")
        }
        let invalid = try workspace.backupctl("validate", "invalidRecord.ddbackup", "--json").jsonObject()
        let findings = try #require(invalid["findings"] as? [[String: Any]])
        let error = try #require(findings.first { $0["severity"] as? String == "error" })
        #expect(error["section"] as? String == "trackedDomains")
        #expect(error["path"] as? String == "$.trackedDomains[3].domain")
        #expect(error["code"] as? String == "record.domain")
    }

    @Test func warningsAreAnArrayWithTheLinesOfStandardError() throws {
        let workspace = try CommandWorkspace()
        try workspace.prepareJSONOutputRuns()
        let run = try workspace.backupctl("list", "--dir", "damaged", "--verify", "--json")
        let warnings = try #require(try run.jsonObject()["warnings"] as? [[String: Any]])
        #expect(warnings.map { $0["code"] as? String } == ["backup.damaged"])
        #expect(warnings.first?["file"] as? String == "domaindig-20260119T000000Z.ddbackup")
        let message = try #require(warnings.first?["message"] as? String)
        #expect(run.stderrText.contains("warning: \(message)\n"))
    }

    /// The store warnings' codes are the kinds' names in kebab case: pinned here to the five
    /// Docs/json-output.md publishes, so renaming a kind cannot change them unnoticed.
    @Test(arguments: [
        (DecodingIssue.Kind.skippedRecord, "store.skipped-record"),
        (.skippedElement, "store.skipped-element"), (.defaultedField, "store.defaulted-field"),
        (.unknownEnumValue, "store.unknown-enum-value"), (.truncatedList, "store.truncated-list"),
    ])
    func storeWarningsHaveTheirDocumentedCodes(kind: DecodingIssue.Kind, code: String) throws {
        let issue = DecodingIssue(kind: kind, path: "$[0].tags", message: "was not a list")
        let warning = CommandWarning(StoreIssue(key: "trackedDomains", issue: issue))
        #expect(warning.code == code)
        let documented = try String(
            contentsOf: Fixtures.repositoryRoot.appendingPathComponent("Docs/json-output.md"), encoding: .utf8)
        #expect(documented.contains("`\(code)`"))
    }

    /// Lossless backups' outputs go through the one envelope: export's and import's carried
    /// counts, the safety snapshot and its undo, what a merge kept rather than overwrite (a
    /// warning of the command, not a finding about the backup), a store snapshot's restore,
    /// and status's leftover and unknown keys.
    @Test func carriedEntriesSnapshotsAndTheirUndoAreInTheEnvelope() throws {
        let workspace = try CommandWorkspace()
        try workspace.prepareJSONOutputRuns()
        var documents: [Data] = []
        func document(_ arguments: String...) throws -> [String: Any] {
            let run = try workspace.backupctl(arguments: arguments + ["--json"])
            #expect(run.status == 0, "\(arguments): \(run.stderrText)")
            documents.append(Data(run.stdout.split(separator: UInt8(ascii: "\n")).joined()))
            return try run.jsonObject()
        }

        let export = try document("export", "--store", "store.sqlite", "-o", "again.ddbackup")
        let exportCarried = try #require(export["carried"] as? [String: Any])
        #expect(exportCarried["storeKeys"] as? [String] == ["reminders.v2"])
        #expect((exportCarried["unreadableRecords"] as? Int ?? 0) > 0)

        let keeps = workspace.path("keeps.sqlite")
        let run = try workspace.backupctl("import", "b.ddbackup", "--store", keeps, "--json")
        #expect(run.status == 0, "\(run.stderrText)")
        documents.append(Data(run.stdout.split(separator: UInt8(ascii: "\n")).joined()))
        let merged = try run.jsonObject()
        let warnings = try #require(merged["warnings"] as? [[String: Any]])
        #expect(
            Set(warnings.compactMap { $0["code"] as? String }) == ["import.kept-unreadable", "import.kept-store-value"])
        #expect(Set(warnings.compactMap { $0["key"] as? String }).isSuperset(of: ["trackedDomains", "reminders.v2"]))
        for warning in warnings {
            let message = try #require(warning["message"] as? String)
            #expect(run.stderrText.contains("warning: \(message)\n"), "every warning is a warning: line too")
        }
        let findings = try #require(merged["findings"] as? [[String: Any]])
        #expect(!findings.contains { ($0["code"] as? String)?.hasPrefix("import.") == true })
        let carried = try #require(merged["carried"] as? [String: [String: Int]])
        #expect(carried["storeKeys"]?["kept"] == 1)
        let snapshot = try #require(merged["safetySnapshot"] as? String)
        #expect(merged["undo"] as? String == "backupctl import \(snapshot) --mode replace --store \(keeps)")

        // The undo it printed, run as printed: a store snapshot restored whole — the keys the
        // merge added removed, the two it kept unchanged.
        let undone = try document("import", snapshot, "--mode", "replace", "--store", keeps)
        #expect(undone["input"] as? String == snapshot)
        let restored = try #require(undone["restoredKeys"] as? [String: Int])
        #expect((restored["removed"] ?? 0) > 0 && (restored["unchanged"] ?? 0) >= 2)
        #expect(undone["sections"] == nil && undone["findings"] == nil && undone["schemaVersion"] == nil)
        #expect(undone["undo"] is String, "the undo can be undone too")

        let status = try document("status", "--store", "leftover.sqlite")
        #expect(status["leftoverKeys"] as? [String] == ["watchedDomains"])
        #expect(status["unknownKeys"] as? [String] == ["reminders.v2"])

        // restore --dir goes through the same import: its snapshot and undo too.
        let restore = try document("restore", "--dir", "backups", "--store", "leftover.sqlite")
        #expect(restore["undo"] is String && restore["safetySnapshot"] is String)
        #expect(restore["carried"] is [String: Any])

        #expect(try Self.schemaProblems(documents) == [])
    }
}
