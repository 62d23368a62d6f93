import Foundation
import TestSupport
import Testing

@Suite struct ValidateCommandTests {
    /// A backup broken in one way, and where its error finding points.
    struct Breakage: CustomTestStringConvertible, Sendable {
        var name: String
        var statement: String
        var code: String
        var location: String

        var testDescription: String { name }
    }

    static let breakages: [Breakage] = [
        Breakage(
            name: "wrong type", statement: "doc['trackedDomains'][3]['addedAt'] = 20250113",
            code: "record.type", location: "$.trackedDomains[3].addedAt"),
        Breakage(
            name: "missing required field", statement: "del doc['lookupHistory'][2]['capturedAt']",
            code: "record.required", location: "$.lookupHistory[2].capturedAt"),
        Breakage(
            name: "invalid domain", statement: "doc['trackedDomains'][5]['domain'] = 'exa mple.com'",
            code: "record.domain", location: "$.trackedDomains[5].domain"),
        Breakage(
            name: "unknown section", statement: "add_entry('bookmarks', 'sections/bookmarks.json', b'[]')",
            code: "section.unknown", location: "sections/bookmarks.json"),
        Breakage(
            name: "checksum mismatch",
            statement: "p = 'sections/trackedDomains.json'; entries[p] = entries[p].replace(b'a', b'b', 1)",
            code: "section.checksum-mismatch", location: "sections/trackedDomains.json"),
    ]

    /// The findings of a `--json` report as `severity code location`.
    private func findings(_ report: [String: Any]) throws -> [String] {
        let list = try #require(report["findings"] as? [[String: Any]])
        return list.map {
            "\($0["severity"] as? String ?? "?") \($0["code"] as? String ?? "?") \($0["path"] as? String ?? "?")"
        }
    }

    @Test func aFreshExportIsValid() throws {
        let workspace = try ValidationWorkspace()
        let backup = try workspace.freshExport()
        let output = try workspace.backupctl("validate", backup)
        #expect(output.status == 0, "\(output.stderrText)")
        #expect(output.stdoutText.hasPrefix("Validated \(backup) (schema version 4): 0 errors, "))
        #expect(output.stdoutText.contains("Valid: the backup can be imported."))
        // The planted problems are shown as warnings and notes, with their paths.
        #expect(output.stdoutText.contains("warnings:\n"))
        #expect(output.stdoutText.contains("  ledger.balance-mismatch (1)\n    $.usageCredits.balance: "))
        #expect(output.stdoutText.contains("notes:\n"))
        #expect(output.stderrText.isEmpty)
    }

    @Test func aFreshExportIsValidAsJSON() throws {
        let workspace = try ValidationWorkspace()
        let output = try workspace.backupctl("validate", "--json", try workspace.freshExport())
        #expect(output.status == 0)
        let report = try ValidationWorkspace.jsonObject(output)
        #expect(report["ok"] as? Bool == true)
        #expect(report["schemaVersion"] as? Int == 4)
        let counts = try #require(report["findingCounts"] as? [String: Int])
        #expect(counts["errors"] == 0)
        #expect((counts["warnings"] ?? 0) > 0)
        let list = try findings(report)
        #expect(list.count == (counts["warnings"] ?? 0) + (counts["notes"] ?? 0))
        #expect(list.contains("warning ledger.balance-mismatch $.usageCredits.balance"))
    }

    @Test(arguments: breakages)
    func aBrokenBackupExits65WithTheFindingsPath(breakage: Breakage) throws {
        let workspace = try ValidationWorkspace()
        let broken = try workspace.edit(breakage.statement)

        let human = try workspace.backupctl("validate", broken)
        #expect(human.status == 65, "\(human.stdoutText)\(human.stderrText)")
        #expect(
            human.stdoutText.contains("errors:\n  \(breakage.code) (1)\n    \(breakage.location): "),
            "\(human.stdoutText)")
        #expect(human.stdoutText.contains("Invalid: the import would be refused."))
        #expect(human.stderrText.hasPrefix("error: The backup has 1 error; importing it would be refused.\n"))

        let json = try workspace.backupctl("validate", "--json", broken)
        #expect(json.status == 65)
        let report = try ValidationWorkspace.jsonObject(json)
        #expect(report["ok"] as? Bool == false)
        #expect(
            try findings(report).filter { $0.hasPrefix("error ") } == ["error \(breakage.code) \(breakage.location)"])
        #expect(report["exitCode"] as? Int == 65 && report["status"] as? String == "invalid-data")
        // Standard output holds only the document; the error line still goes to standard error.
        #expect(json.stderrText == human.stderrText)
    }

    @Test func warningsAloneExitZero() throws {
        let workspace = try ValidationWorkspace()
        let edited = try workspace.edit("doc['domainAudits'][1]['domain'] = 'elsewhere.example'")
        let output = try workspace.backupctl("validate", edited)
        #expect(output.status == 0)
        #expect(
            output.stdoutText.contains(
                "    $.domainAudits[1].domain: names \"elsewhere.example\", which is not a tracked domain."))
        #expect(output.stdoutText.contains("Valid: the backup can be imported."))
    }

    @Test func aBackupFromANewerVersionExits76NamingBothVersions() throws {
        let workspace = try ValidationWorkspace()
        let newer = try workspace.edit("doc['manifest']['schemaVersion'] = 99")

        let human = try workspace.backupctl("validate", newer)
        #expect(human.status == 76)
        let message = try #require(human.stderrText.split(separator: "\n").first.map(String.init))
        #expect(message.hasPrefix("error: "))
        #expect(message.contains("schema version 99 backup"))
        #expect(message.contains("versions up to 4"))
        #expect(human.stdoutText.contains("version.newer"))

        let json = try workspace.backupctl("validate", "--json", newer)
        #expect(json.status == 76)
        let report = try ValidationWorkspace.jsonObject(json)
        #expect(report["schemaVersion"] as? Int == 99)
        let finding = try #require((report["findings"] as? [[String: Any]])?.first)
        #expect(finding["code"] as? String == "version.newer")
        #expect((finding["message"] as? String)?.contains("99") == true)
        #expect((finding["message"] as? String)?.contains("up to 4") == true)
    }

    @Test func aDashReadsTheBackupFromStandardInput() throws {
        let workspace = try ValidationWorkspace()
        let fresh = try Data(contentsOf: URL(fileURLWithPath: try workspace.freshExport()))
        let valid = try workspace.backupctl("validate", "-", stdin: fresh)
        #expect(valid.status == 0, "\(valid.stderrText)")
        #expect(valid.stdoutText.hasPrefix("Validated standard input (schema version 4): 0 errors"))

        let broken = try Data(contentsOf: URL(fileURLWithPath: try workspace.edit(Self.breakages[2].statement)))
        let invalid = try workspace.backupctl("validate", "--json", "-", stdin: broken)
        #expect(invalid.status == 65)
        let report = try ValidationWorkspace.jsonObject(invalid)
        #expect(report["input"] as? String == "standard input")
        #expect(try findings(report).contains("error record.domain $.trackedDomains[5].domain"))
    }

    @Test func aMissingFileExits66() throws {
        let workspace = try ValidationWorkspace()
        let output = try workspace.backupctl("validate", workspace.path("absent.ddbackup"))
        #expect(output.status == 66)
        #expect(output.stderrText.hasPrefix("error: "))
        #expect(output.stdoutText.isEmpty)
    }

    @Test func aFileThatIsNotABackupExits65() throws {
        let workspace = try ValidationWorkspace()
        let notes = workspace.path("notes.txt")
        try Data("not a backup\n".utf8).write(to: URL(fileURLWithPath: notes))
        let output = try workspace.backupctl("validate", notes)
        #expect(output.status == 65)
        #expect(output.stdoutText.contains("archive.unreadable"))
    }
}
