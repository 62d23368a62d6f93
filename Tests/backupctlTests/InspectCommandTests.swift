import Foundation
import TestSupport
import Testing

/// `backupctl inspect`: what a backup holds, whether each section matches its checksum, and
/// how damaged files are reported. Hostile archives are in `+CraftedArchives`.
@Suite struct InspectCommandTests {
    /// A sample store exported with the clock fixed, so the manifest's time is known.
    static func exportedBackup(in workspace: CommandWorkspace, compression: String = "zstd") throws -> String {
        try workspace.exportBackup(
            from: try workspace.sampleStore(), compression: compression,
            environment: ["BACKUPCTL_TEST_NOW": "2026-03-04T05:06:07Z"])
    }

    @Test func printsTheManifestAndEverySectionVerified() throws {
        let workspace = try CommandWorkspace()
        let backup = try Self.exportedBackup(in: workspace)
        let version = try workspace.backupctl("--version").stdoutText.trimmingCharacters(in: .newlines)
        let output = try workspace.backupctl("inspect", backup)
        output.expectQuietSuccess()
        let lines = output.stdoutText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        try #require(lines.count == 17, "\(output.stdoutText)")
        #expect(lines[0].hasPrefix("File: \(backup) (zstd, "))
        #expect(lines[1] == "Format: DomainDigBackup, schema version 4")
        #expect(lines[2] == "Created: 2026-03-04T05:06:07Z by \(version)")
        #expect(lines[3] == "Store schema version: 3")
        #expect(lines[4].split(separator: " ") == ["section", "records", "size", "sha256", "checksum"])
        let manifest = try ProcessOutput.jsonObject(
            from: try workspace.run("tar", "--zstd", "-xOf", backup, "manifest.json").stdout)
        let sections = try #require(manifest["sections"] as? [[String: Any]])
        // The carried entries first (the sample's unknown key, its unreadable records), then the
        // nine sections.
        #expect(sections.count == 11)
        for (line, section) in zip(lines[5..<16], sections) {
            let sha256 = try #require(section["sha256"] as? String)
            let expected =
                [
                    "\(section["name"] ?? "")", "\(section["records"] ?? "")",
                ] + HumanText.bytes(section["bytes"] as? Int ?? -1).split(separator: " ").map(String.init) + [
                    String(sha256.prefix(12)), "verified",
                ]
            #expect(line.split(separator: " ").map(String.init) == expected)
        }
        #expect(lines[16] == "")
    }

    @Test func printsOneJSONDocumentWithJSON() throws {
        let workspace = try CommandWorkspace()
        let backup = try Self.exportedBackup(in: workspace, compression: "gzip")
        let output = try workspace.backupctl("inspect", backup, "--json")
        let document = try output.successfulJSONDocument()
        #expect(document["input"] as? String == backup)
        #expect(document["inputBytes"] as? Int == (try workspace.contents(backup).count))
        #expect(document["compression"] as? String == "gzip")
        #expect(document["format"] as? String == "DomainDigBackup")
        #expect(document["schemaVersion"] as? Int == 4)
        #expect(document["createdAt"] as? String == "2026-03-04T05:06:07Z")
        #expect(document["storeSchemaVersion"] as? Int == 3)
        #expect((document["producer"] as? [String: Any])?["name"] as? String == "backupctl")
        let sections = try #require(document["sections"] as? [[String: Any]])
        #expect(sections.compactMap { $0["path"] as? String } == ExportCommandTests.sampleEntryPaths)
        #expect(sections.allSatisfy { $0["checksum"] as? String == "verified" })
        #expect(sections.allSatisfy { ($0["sha256"] as? String)?.count == 64 })
    }

    @Test func readsABackupFromStandardInput() throws {
        let workspace = try CommandWorkspace()
        let backup = try Self.exportedBackup(in: workspace)
        let output = try workspace.backupctl("inspect", "-", stdin: try workspace.contents(backup))
        #expect(output.status == 0, "\(output.stderrText)")
        #expect(output.stdoutText.hasPrefix("File: standard input (zstd, "))
        #expect(output.stdoutText.contains("Format: DomainDigBackup, schema version 4\n"))
    }

    @Test func alteredSectionIsInvalidDataNamingTheSection() throws {
        let workspace = try CommandWorkspace()
        let backup = try Self.exportedBackup(in: workspace, compression: "none")
        // Python finds where the section's data starts and flips one bit in its middle.
        let flipped = try workspace.python(
            """
            import sys, tarfile
            with tarfile.open(sys.argv[1]) as tar:
                member = tar.getmember('sections/domainAudits.json')
                offset = member.offset_data + member.size // 2
            with open(sys.argv[1], 'r+b') as file:
                file.seek(offset)
                byte = file.read(1)[0]
                file.seek(offset)
                file.write(bytes([byte ^ 0x01]))
            """, backup)
        try #require(flipped.status == 0, "\(flipped.stderrText)")
        let damaged = try workspace.contents(backup)
        let before = try workspace.names()

        let output = try workspace.backupctl("inspect", backup)
        #expect(output.status == 65)
        #expect(
            output.stderrText == """
                error: The backup '\(backup)' does not match its manifest: sections/domainAudits.json (checksum mismatch).
                hint: The file is damaged; restore from another copy.

                """)
        let rows = output.stdoutText.split(separator: "\n").filter { $0.hasPrefix("  ") }.dropFirst()
        #expect(
            rows.filter { $0.hasSuffix("checksum mismatch") }.map { $0.split(separator: " ")[0] } == ["domainAudits"])
        #expect(rows.filter { $0.hasSuffix("verified") }.count == 10)

        let json = try workspace.backupctl("inspect", backup, "--json")
        #expect(json.status == 65)
        let document = try json.jsonObject()
        #expect(document["ok"] as? Bool == false)
        let sections = try #require(document["sections"] as? [[String: Any]])
        let bad = sections.filter { $0["checksum"] as? String != "verified" }
        #expect(bad.compactMap { $0["name"] as? String } == ["domainAudits"])
        #expect(bad.first?["checksum"] as? String == "checksum mismatch")

        #expect(try workspace.contents(backup) == damaged)
        #expect(try workspace.names() == before)
    }

    @Test(arguments: ["zstd", "none"])
    func truncatedFileIsInvalidDataWithAClearMessage(compression: String) throws {
        let workspace = try CommandWorkspace()
        let backup = try Self.exportedBackup(in: workspace, compression: compression)
        let whole = try workspace.contents(backup)
        let half = whole.prefix(whole.count / 2)
        try half.write(to: URL(fileURLWithPath: backup))
        let before = try workspace.names()
        let output = try workspace.backupctl("inspect", backup)
        #expect(output.status == 65)
        #expect(output.stdout.isEmpty)
        #expect(
            output.stderrText.hasPrefix("error: '\(backup)' is truncated (entry 'sections/"),
            "stderr: \(output.stderrText)")
        #expect(output.stderrText.contains("the file ends before the archive does"))
        #expect(output.stderrText.contains("Use a complete copy of the backup."))
        #expect(try workspace.contents(backup) == half)
        #expect(try workspace.names() == before)
    }

    @Test func missingFileIsInputNotFound() throws {
        let workspace = try CommandWorkspace()
        let output = try workspace.backupctl("inspect", "absent.ddbackup")
        output.expectRefused(status: 66, saying: "error: absent.ddbackup was not found (No such file or directory).")
        #expect(try workspace.names().isEmpty)

        let json = try workspace.backupctl("inspect", "absent.ddbackup", "--json")
        #expect(json.status == 66)
        let document = try json.jsonObject()
        #expect(document["ok"] as? Bool == false)
        #expect(document["exitCode"] as? Int == 66)
        #expect(document["status"] as? String == "not-found")
    }

    @Test func folderIsNotABackupAndIsInputNotFound() throws {
        let workspace = try CommandWorkspace()
        try FileManager.default.createDirectory(atPath: workspace.path("folder"), withIntermediateDirectories: false)
        let output = try workspace.backupctl("inspect", "folder")
        #expect(output.status == 66)
        #expect(
            output.stderrText == """
                error: folder is a directory, not a backup file.
                hint: Pass the path of a backup file, or - to read one from standard input.

                """)
    }

    @Test func unreadableFileIsInputNotFound() throws {
        let workspace = try CommandWorkspace()
        let backup = try Self.exportedBackup(in: workspace)
        chmod(backup, 0o000)
        let output = try workspace.backupctlBoundByFileModes("inspect", backup)
        #expect(output.status == 66)
        #expect(output.stderrText.hasPrefix("error: Permission denied for \(backup) "), "stderr: \(output.stderrText)")
    }

    @Test func jsonDocumentWithoutAVersionIsInvalidData() throws {
        let workspace = try CommandWorkspace()
        try Data("{\"a\": 1}\n".utf8).write(to: workspace.directory.file("document.json"))
        let output = try workspace.backupctl("inspect", "document.json")
        #expect(output.status == 65)
        #expect(
            output.stderrText.hasPrefix(
                "error: 'document.json' cannot be read as a legacy DomainDig backup: it declares no backup version"))
        #expect(try workspace.names() == ["document.json"])
    }

    @Test(arguments: [("empty", Data()), ("notes.txt", Data("hello\n".utf8))])
    func fileThatIsNotATarArchiveIsInvalidData(name: String, bytes: Data) throws {
        let workspace = try CommandWorkspace()
        try bytes.write(to: workspace.directory.file(name))
        let output = try workspace.backupctl("inspect", name)
        #expect(output.status == 65)
        #expect(
            output.stderrText.hasPrefix(
                "error: '\(name)' is empty or not a tar archive (plain, zstd- or gzip-compressed)."))
        #expect(try workspace.names() == [name])
    }

    @Test(arguments: ["1e16", "-1e16", "1e400"])
    func aVersion1BackupThatDoesNotValidateIsReportedNotUpgraded(added: String) throws {
        // `inspect` once upgraded without validating, and 1e16 seconds crashed it (SIGILL, 132).
        let workspace = try CommandWorkspace()
        let document = Data(#"{"version":1,"domains":[{"name":"example.com","added":\#(added)}]}"#.utf8)
        try document.write(to: workspace.directory.file("big.json"))
        for (file, stdin) in [("big.json", nil), ("-", document)] {
            let output = try workspace.backupctl("inspect", file, stdin: stdin)
            #expect(output.status == 65, "\(output.stderrText)")
            #expect(output.stdout.isEmpty)
            let name = file == "-" ? "standard input" : "big.json"
            #expect(
                output.stderrText.hasPrefix(
                    "error: \(name) has 1 validation error, so it was not upgraded; nothing was written. "
                        + "First: $.domains[0].added: must be between 0.0 and 9999999999.0, not \(added)."),
                "\(output.stderrText)")
            #expect(output.stderrText.contains("hint: Run `backupctl validate \(file)` to see every finding."))
        }
        #expect(try workspace.names() == ["big.json"])
    }
}
