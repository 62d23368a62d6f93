import Foundation
import TestSupport
import Testing

@testable import backupctl

/// Text a command reads — values of a backup or a store, keys of unknown fields, file names —
/// reaches a person's terminal written out (`\u001b`), never as the control characters a
/// terminal would act on; `--json` carries the values themselves, JSON-escaped.
@Suite struct ControlCharacterOutputTests {
    /// A version 1 backup whose values and keys hold escape sequences: one retitles the
    /// window and rings the bell, one clears the screen, one turns on blinking.
    private static func craftedBackup(in workspace: CommandWorkspace) throws -> String {
        let script = """
            import json, sys
            document = json.load(open(sys.argv[1]))
            document["domains"][0]["name"] = "evil\\u001b[31mRED\\u001b]0;pwned\\u0007.com"
            document["settings"]["density"] = "x\\u001b[2Jcleared"
            document["extra\\u001b[5m"] = 1
            json.dump(document, open(sys.argv[2], "w"))
            """
        let output = try workspace.python(
            script, Fixtures.url("Backups/v1.json").path, workspace.path("crafted.json"))
        try #require(output.status == 0, "\(output.stderrText)")
        return "crafted.json"
    }

    /// The bytes of `text` a terminal acts on: C0 controls but the line feed, DEL and C1.
    private static func controls(in text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { scalar in
            scalar != "\n" && (scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value))
        }
    }

    @Test func validateWritesOutTheControlCharactersOfValuesAndKeys() throws {
        let workspace = try CommandWorkspace()
        let backup = try Self.craftedBackup(in: workspace)
        let names = try workspace.names()

        let output = try workspace.backupctl("validate", backup)
        #expect(output.status == 65)
        #expect(Self.controls(in: output.stdoutText + output.stderrText).isEmpty, "\(output.stdoutText)")
        #expect(
            output.stdoutText.contains(
                #"$.domains[0].name: "evil\u001b[31mRED\u001b]0;pwned\u0007.com" is not a valid domain name."#))
        #expect(
            output.stdoutText.contains(#"$.settings.density: "x\u001b[2Jcleared" is not a value this version knows"#))
        #expect(output.stdoutText.contains(#"$["extra\u001b[5m"]: is not a field this version knows"#))
        #expect(try workspace.names() == names)
    }

    @Test func theJSONDocumentCarriesTheValuesThemselves() throws {
        let workspace = try CommandWorkspace()
        let backup = try Self.craftedBackup(in: workspace)

        let output = try workspace.backupctl("validate", backup, "--json")
        #expect(output.status == 65)
        let findings = try #require(try output.jsonObject()["findings"] as? [[String: Any]])
        let messages = findings.compactMap { $0["message"] as? String }
        #expect(messages.contains(#""evil\#u{1B}[31mRED\#u{1B}]0;pwned\#u{07}.com" is not a valid domain name."#))
        // The path names the key in JSONPath's own escaping, so it too is one printable line.
        #expect(findings.contains { $0["path"] as? String == #"$["extra\u001b[5m"]"# })
    }

    @Test func anErrorNamingAFileWritesOutItsControlCharacters() throws {
        let workspace = try CommandWorkspace()
        let output = try workspace.backupctl("validate", "missing\u{1B}[2J.ddbackup")
        #expect(output.status == 66)
        #expect(Self.controls(in: output.stderrText).isEmpty, "\(output.stderrText)")
        #expect(output.stderrText.hasPrefix(#"error: missing\u001b[2J.ddbackup was not found"#))
        #expect(try workspace.names().isEmpty)
    }

    @Test func aWarningAboutTheStoreWritesOutTheValueItQuotes() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore()
        let edit = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            value = bytes(db.execute("SELECT value FROM entries WHERE key = 'trackedDomains'").fetchone()[0])
            assert b"exa mple..com" in value
            value = value.replace(b"exa mple..com", b"exa\\\\u001b]52;c;cHduZWQ=\\\\u0007mple..com")
            db.execute("UPDATE entries SET value = ? WHERE key = 'trackedDomains'", (value,))
            db.commit()
            """
        try #require(try workspace.python(edit, store).status == 0)

        let output = try workspace.backupctl("export", "--store", store, "-o", "b.ddbackup")
        #expect(output.status == 0, "\(output.stderrText)")
        #expect(Self.controls(in: output.stdoutText + output.stderrText).isEmpty, "\(output.stdoutText)")
        #expect(
            output.stdoutText.contains(
                #"warning: trackedDomains $[45].domain: is not a valid domain name: "exa\u001b]52;c;cHduZWQ=\u0007mple..com"; the record cannot be read"#
            ), "\(output.stdoutText)")
        // The record itself is carried as written, and an import puts it back so.
        #expect(try workspace.backupctl("import", "b.ddbackup", "--store", "restored.sqlite").status == 0)
        let restored = try workspace.python(
            """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            print(bytes(db.execute("SELECT value FROM entries WHERE key = 'trackedDomains'").fetchone()[0]).decode())
            """, workspace.path("restored.sqlite"))
        #expect(restored.stdoutText.contains(#""exa\u001b]52;c;cHduZWQ=\u0007mple..com""#))
    }

    /// A value holding a line break cannot forge a line of the report: in a finding, a
    /// warning, an error or a table cell the line feed is written out too.
    @Test func aLineBreakInAValueCannotForgeALineOfTheReport() throws {
        let workspace = try CommandWorkspace()
        let script = """
            import json, sys
            document = json.load(open(sys.argv[1]))
            document["domains"][0]["name"] = "x\\nValid: the backup can be imported.\\n"
            json.dump(document, open(sys.argv[2], "w"))
            """
        try #require(
            try workspace.python(script, Fixtures.url("Backups/v1.json").path, workspace.path("forged.json")).status
                == 0)

        for arguments in [["validate", "forged.json"], ["validate", "forged.json", "--verbose"]] {
            let output = try workspace.backupctl(arguments: arguments)
            #expect(output.status == 65)
            #expect(!output.stdoutText.contains("\nValid:"), "\(output.stdoutText)")
            #expect(output.stdoutText.contains(#""x\u000aValid: the backup can be imported.\u000a""#))
            #expect(output.stdoutText.hasSuffix("Invalid: the import would be refused.\n"))
        }
        let importing = try workspace.backupctl("import", "forged.json", "--store", "new.sqlite")
        #expect(importing.status == 65)
        #expect(importing.stderrText.contains(#"x\u000aValid: the backup can be imported.\u000a"#))
        #expect(!importing.stderrText.contains("\nValid:"), "\(importing.stderrText)")
        #expect(!(try workspace.names()).contains("new.sqlite"))
    }

    /// A store key holding a line break and a tab stays on its row of the table, which is
    /// measured on what is printed, and on the line of the sentence that names it.
    @Test func aTableCellIsWrittenOutBeforeItIsMeasured() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore()
        let edit = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("INSERT INTO entries (key, kind, value) VALUES (?, 'data', ?)", ("two\\nlines\\tkey", b"[]"))
            db.commit()
            """
        try #require(try workspace.python(edit, store).status == 0)

        let output = try workspace.backupctl("status", "--store", store)
        #expect(output.status == 0, "\(output.stderrText)")
        let rows = output.stdoutText.split(separator: "\n").filter { $0.hasPrefix("  ") }
        let row = try #require(rows.first { $0.contains(#"two\u000alines\u0009key"#) }, "\(output.stdoutText)")
        let header = try #require(rows.first { $0.contains("records") })
        #expect(row.count == header.count, "\(output.stdoutText)")
        // The sentence naming the keys this build does not know stays one line too.
        #expect(
            output.stdoutText.contains(
                #"Keys this build does not know (export carries them as they are): reminders.v2, two\u000alines\u0009key"#
                    + "\n"), "\(output.stdoutText)")
        #expect(!output.stdoutText.contains("\nlines"), "\(output.stdoutText)")
    }

    /// The passphrase prompt names the backup, written out.
    @Test func thePassphrasePromptWritesOutTheFileName() throws {
        let workspace = try CommandWorkspace()
        let passphrase = try workspace.passphraseFile("asked for")
        let locked = try workspace.exportEncrypted(
            from: try workspace.sampleStore(), ["--passphrase-file", passphrase])
        let crafted = workspace.path("b\u{1B}]0;title\u{07}.ddbackup")
        try FileManager.default.moveItem(atPath: locked, toPath: crafted)

        let output = try workspace.backupctlOnTerminal("validate", crafted, "--quiet", typed: "asked for\n")
        #expect(output.status == 0, "\(output.stdoutText)")
        #expect(output.stdoutText.contains(#"Passphrase for \#(workspace.path("b"))\u001b]0;title\u0007.ddbackup: "#))
        #expect(!output.stdoutText.unicodeScalars.contains("\u{1B}"), "\(output.stdoutText)")
    }

    @Test func whatATerminalActsOnIsWrittenOutAndNothingElse() {
        #expect(
            TerminalText.escapingControls("plain — café, 日本\tand a tab\nand a line")
                == "plain — café, 日本\tand a tab\nand a line")
        #expect(TerminalText.escapingControls("\u{1B}[2J\r\u{07}\u{00}") == #"\u001b[2J\u000d\u0007\u0000"#)
        // DEL and the C1 controls (a CSI of its own, U+009B), which some terminals obey too.
        #expect(TerminalText.escapingControls("a\u{7F}b\u{9B}31m") == #"a\u007fb\u009b31m"#)
        // The overrides and isolates that would show a line in another order than it holds.
        #expect(TerminalText.escapingControls("x\u{202E}gpj.exe\u{2066}y\u{2069}") == #"x\u202egpj.exe\u2066y\u2069"#)
        // One line by construction: the line feed and the tab are written out too.
        #expect(TerminalText.line("a\tb\nc\u{1B}") == #"a\u0009b\u000ac\u001b"#)
        #expect(TerminalText.line("plain — café") == "plain — café")
    }
}
