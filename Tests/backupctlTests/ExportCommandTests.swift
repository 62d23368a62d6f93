import Foundation
import TestSupport
import Testing

/// `backupctl export`: archives that plain `tar`, `zstd`, `sha256sum` and Python open without
/// backupctl (design §4), and the summary it prints. Failures are in `+Failures`.
@Suite struct ExportCommandTests {
    /// The section entries of a backup, in archive order.
    static let sectionPaths = [
        "trackedDomains", "lookupHistory", "domainAudits", "domainWorkflows", "monitoringSettings",
        "monitoringLogs", "appSettings", "entitlement", "usageCredits",
    ].map { "sections/\($0).json" }
    /// The entries of a sample store's backup, in archive order: its store key this build does
    /// not know and its records that cannot be read are carried ahead of the sections.
    static let sampleEntryPaths = ["carried/storeKeys.json", "carried/unreadableRecords.json"] + sectionPaths

    /// How GNU tar is told each compression.
    static let tarFlags: [String: [String]] = ["zstd": ["--zstd"], "gzip": ["-z"], "none": []]

    @Test func helpIsPinned() throws {
        let workspace = try CommandWorkspace()
        let help = try workspace.backupctl("export", "--help")
        #expect(help.status == 0)
        #expect(
            help.stdoutText == """
                OVERVIEW: Write the store to a backup archive.

                Reads every section through the deduplicating loaders (records in canonical
                form, one per natural key, with the fields this build does not know). The store
                is only read — never locked, migrated or written — so export works on a store
                you may only read; an older store is exported at the current schema version,
                upgraded in memory, and the manifest records the version it was read at. What it
                cannot read — malformed records, listed as warnings — and store keys it does not
                know are carried as they are, beside the sections, and restored on import. The
                archive is a pax tar, zstd-compressed by default, with manifest.json first; it
                is written to a temporary file, synced and renamed, so a failed export never
                leaves a partial file under the final name. The output may not be the store or
                one of its files (exit 64), and an existing file that is not a backup, or is
                encrypted (it cannot be told to be a backup without its key), is replaced only
                with --force. -o takes an s3://bucket/key too (Docs/remote.md). With -o - the
                archive goes to standard output and the summary to standard error; standard
                output must then not be a terminal. With --recipient, --recipients-file or
                --passphrase-file the file is the age encryption of that same archive, which
                `age -d` opens (see Docs/encryption.md).

                USAGE: backupctl export [--store <path>] [--output <file>]
                       [--compression <zstd|gzip|none>] [--level <n>] [--force] [--verbose]
                       [--recipient <recipient> ...] [--recipients-file <file>]
                       [--passphrase-file <file>] [--json] [--quiet]

                OPTIONS:
                  --store <path>          The store to read (default: $DOMAINDIG_STORE, else
                                          $XDG_DATA_HOME/domaindig/store.sqlite, else
                                          ~/.local/share/domaindig/store.sqlite).
                  -o, --output <file>     Where to write the archive: a file, s3://bucket/key (a
                                          prefix ending in / gets the default name), or - for
                                          standard output (default: domaindig-<UTC
                                          time>.ddbackup here).
                  --compression <zstd|gzip|none>
                                          How to compress the archive. (default: zstd)
                  --level <n>             The compression level: zstd 1-19 (default 3), gzip 1-9
                                          (default 6).
                  --force                 Replace an existing output file that is not a backup,
                                          or is encrypted.
                  -v, --verbose           Also show each section's merged duplicates and
                                          timings.
                  --recipient <recipient>
                                          Encrypt the backup to this age X25519 public key
                                          (age1..., from age-keygen -y); repeat for several.
                  --recipients-file <file>
                                          Encrypt the backup to every public key in this file
                                          (one age1... per line, # comments).
                  --passphrase-file <file>
                                          Encrypt the backup with the passphrase in this file
                                          (its first line); not combinable with recipients.
                  --json                  Print one JSON document on standard output, on success
                                          and on failure.
                  -q, --quiet             Print nothing but errors.
                  -h, --help              Show help information.

                EXAMPLES:
                  # Back up the default store to a file named after the time
                  backupctl export

                  # Back up a given store, compressed harder
                  backupctl export --store s.sqlite -o b.ddbackup --level 19

                  # Stream a backup to another machine
                  backupctl export -o - | ssh host 'cat > b.ddbackup'

                  # Back up to S3-compatible object storage (Docs/remote.md)
                  backupctl export -o s3://bucket/domaindig/

                  # Back up encrypted to the public key of an age identity (made by age-keygen)
                  backupctl export -o b.ddbackup --recipient "$(age-keygen -y key.txt)"

                """)
    }

    @Test(arguments: ["zstd", "gzip", "none"])
    func archiveOpensWithPlainTarAndChecksWithSha256sum(compression: String) throws {
        let workspace = try CommandWorkspace()
        let backup = try workspace.exportBackup(from: try workspace.sampleStore(), compression: compression)
        let flags = try #require(Self.tarFlags[compression])
        #expect(try workspace.permissions(backup) == 0o600)

        // The listing the brief names per compression: `tar --zstd -tvf`, `tar -tzf`, `tar -tf`.
        let listing =
            compression == "zstd"
            ? try ProcessRunner.run("tar", ["--zstd", "-tvf", backup])
            : try ProcessRunner.run("tar", (compression == "gzip" ? ["-tzf"] : ["-tf"]) + [backup])
        #expect(listing.status == 0, "\(listing.stderrText)")
        let lines = listing.stdoutText.split(separator: "\n")
        #expect(lines.map { String($0.split(separator: " ").last ?? "") } == ["manifest.json"] + Self.sampleEntryPaths)
        if compression == "zstd" {
            #expect(lines.allSatisfy { $0.hasPrefix("-rw------- ") })
        }

        let manifestBytes = try ProcessRunner.run("tar", flags + ["-xOf", backup, "manifest.json"]).stdout
        #expect(try workspace.python("import json, sys; json.load(sys.stdin)", stdin: manifestBytes).status == 0)
        let manifest = try ProcessOutput.jsonObject(from: manifestBytes)
        #expect(manifest["format"] as? String == "DomainDigBackup")
        #expect(manifest["schemaVersion"] as? Int == 4)
        #expect(manifest["compression"] as? String == compression)
        let sections = try #require(manifest["sections"] as? [[String: Any]])
        #expect(sections.compactMap { $0["path"] as? String } == Self.sampleEntryPaths)

        for section in sections {
            let path = try #require(section["path"] as? String)
            let extracted = try ProcessRunner.run("tar", flags + ["-xOf", backup, path])
            #expect(extracted.status == 0)
            let parsed = try ProcessRunner.run(ProcessRunner.python, ["-m", "json.tool"], stdin: extracted.stdout)
            #expect(parsed.status == 0, "\(path) is not JSON: \(parsed.stderrText)")
            let sum = try ProcessRunner.run("sha256sum", [], stdin: extracted.stdout)
            #expect(sum.stdoutText == "\(section["sha256"] as? String ?? "?")  -\n", "\(path)")
            #expect(extracted.stdout.count == section["bytes"] as? Int, "\(path)")
        }
    }

    @Test(arguments: [("zstd", [0x28, 0xB5, 0x2F, 0xFD] as [UInt8]), ("gzip", [0x1F, 0x8B]), ("none", [])])
    func archiveStartsWithTheCompressionsMagicNumber(compression: String, magic: [UInt8]) throws {
        let workspace = try CommandWorkspace()
        let backup = try workspace.exportBackup(from: try workspace.sampleStore(), compression: compression)
        let bytes = try workspace.contents(backup)
        if magic.isEmpty {
            #expect(Array(bytes[257..<262]) == Array("ustar".utf8))
        } else {
            #expect(Array(bytes.prefix(magic.count)) == magic)
        }
    }

    @Test func defaultNameIsTheUTCTimeInTheCurrentDirectory() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore()
        let before = try workspace.names()
        let output = try workspace.backupctl("export", "--store", store)
        #expect(output.status == 0, "\(output.stderrText)")
        let added = try workspace.names().filter { !before.contains($0) }
        #expect(added.count == 1)
        let name = try #require(added.first)
        #expect(name.wholeMatch(of: #/domaindig-\d{8}T\d{6}Z\.ddbackup/#) != nil, "unexpected name \(name)")
        #expect(output.stdoutText.hasPrefix("Exported \(store) to \(workspace.path(name))\n"))
        #expect(try workspace.permissions(name) == 0o600)
    }

    @Test func defaultNameFollowsTheClock() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore()
        let output = try workspace.backupctl(
            "export", "--store", store, "--quiet",
            environment: ["BACKUPCTL_TEST_NOW": "2026-03-04T05:06:07Z"])
        #expect(output.status == 0)
        #expect(output.stdout.isEmpty)
        #expect(try workspace.names().contains("domaindig-20260304T050607Z.ddbackup"))
    }

    @Test func summaryNamesEverySectionAndTheStoresProblems() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore()
        let output = try workspace.backupctl("export", "--store", store, "-o", "b.ddbackup")
        output.expectQuietSuccess()
        for path in Self.sectionPaths {
            let name = path.dropFirst("sections/".count).dropLast(".json".count)
            #expect(output.stdoutText.contains("\n  \(name) "))
        }
        #expect(output.stdoutText.contains("9 sections, 2 carried entries, 423 records, "))
        #expect(output.stdoutText.contains("problems in the store were worked around (the store itself is unchanged):"))
        #expect(output.stdoutText.contains("  warning: trackedDomains $["))
        #expect(output.stdoutText.contains("the record cannot be read and is kept as written"))
        #expect(
            output.stdoutText.contains(
                "Carried as they are, to be restored on import: 4 unreadable records, 1 store key this build does not read (reminders.v2)"
            ))
    }

    @Test func jsonSummaryIsOneDocumentWithWarnings() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore()
        let output = try workspace.backupctl("export", "--store", store, "-o", "b.ddbackup", "--json")
        let document = try output.successfulJSONDocument()
        #expect(document["output"] as? String == workspace.path("b.ddbackup"))
        #expect(document["compression"] as? String == "zstd")
        let sections = try #require(document["sections"] as? [[String: Any]])
        #expect(
            sections.compactMap { $0["name"] as? String }
                == Self.sampleEntryPaths.map { String($0.split(separator: "/")[1].dropLast(".json".count)) })
        let records = sections.filter { !["storeKeys", "unreadableRecords"].contains($0["name"] as? String) }
            .compactMap { $0["records"] as? Int }.reduce(0, +)
        let bytes = sections.compactMap { $0["bytes"] as? Int }.reduce(0, +)
        #expect(records > 0)
        #expect(document["records"] as? Int == records)
        #expect(document["jsonBytes"] as? Int == bytes)
        let bytesOut = try #require(document["outputBytes"] as? Int)
        #expect(bytesOut == (try workspace.contents("b.ddbackup").count))
        let ratio = try #require(document["ratio"] as? Double)
        #expect(abs(ratio - Double(bytes) / Double(bytesOut)) < 0.01)

        // The sample's malformed records are carried, each reported with its key and `$[i]` path.
        let warnings = try #require(document["warnings"] as? [[String: Any]])
        for warning in warnings {
            #expect((warning["path"] as? String)?.hasPrefix("$") == true)
            #expect((warning["message"] as? String)?.isEmpty == false)
        }
        let leftOut = warnings.filter {
            ($0["message"] as? String)?.contains("the record cannot be read and is kept as written") == true
        }
        for warning in leftOut {
            #expect((warning["path"] as? String)?.wholeMatch(of: #/\$\[\d+\]\.\w+/#) != nil, "\(warning)")
        }
        let leftOutKeys = leftOut.compactMap { $0["key"] as? String }.sorted()
        #expect(leftOutKeys == ["lookupHistory", "monitoring.logs", "trackedDomains", "trackedDomains"])
        let carried = try #require(document["carried"] as? [String: Any])
        #expect(carried["unreadableRecords"] as? Int == 4)
        #expect(carried["storeKeys"] as? [String] == ["reminders.v2"])
    }

    @Test func standardOutputCarriesTheArchiveAndStandardErrorTheSummary() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore()
        let shell = try workspace.run(
            "sh", "-c", "\"$0\" export --store \"$1\" -o - > piped.ddbackup",
            BuildProducts.backupctl.path, store)
        #expect(shell.status == 0, "\(shell.stderrText)")
        #expect(shell.stdout.isEmpty)
        #expect(shell.stderrText.hasPrefix("Exported \(store) to standard output\n"))
        let piped = workspace.path("piped.ddbackup")
        let inspect = try workspace.backupctl("inspect", piped)
        #expect(inspect.status == 0, "\(inspect.stderrText)")
        let listing = try workspace.run("tar", "--zstd", "-tf", piped)
        #expect(listing.stdoutText == (["manifest.json"] + Self.sampleEntryPaths).joined(separator: "\n") + "\n")

        // With --json the document also leaves stdout to the archive.
        let json = try workspace.backupctl("export", "--store", store, "-o", "-", "--json")
        #expect(json.status == 0)
        #expect(Array(json.stdout.prefix(4)) == [0x28, 0xB5, 0x2F, 0xFD])
        let document = try ProcessOutput.jsonObject(from: json.stderr)
        #expect(document["output"] as? String == "standard output")
    }

    @Test(arguments: ["FMT_XML", "FMT_BINARY"])
    func exportsAPropertyListWrittenByPython(format: String) throws {
        let workspace = try CommandWorkspace()
        let store = workspace.path("store.plist")
        let written = try workspace.python(
            """
            import json, plistlib, sys
            records = [
                {"id": "7f3c1e2a-0b4d-4e5f-8a9b-0c1d2e3f4a5b", "domain": "example.com", "addedAt": "2026-01-01T00:00:00Z"},
                {"id": "1f3c1e2a-0b4d-4e5f-8a9b-0c1d2e3f4a5b", "domain": " Example.ORG. ", "addedAt": "2026-01-02T00:00:00Z"},
                {"domain": "no-id.example.net", "addedAt": "2026-01-03T00:00:00Z"},
            ]
            with open(sys.argv[1], 'wb') as file:
                plistlib.dump({"trackedDomains": json.dumps(records).encode(), "recentSearches": b'["example.com"]'},
                              file, fmt=getattr(plistlib, sys.argv[2]))
            """, store, format)
        try #require(written.status == 0, "\(written.stderrText)")
        let output = try workspace.backupctl("export", "--store", store, "-o", "b.ddbackup", "--json")
        #expect(output.status == 0, "\(output.stderrText)")
        let document = try output.jsonObject()
        let warnings = try #require(document["warnings"] as? [[String: Any]])
        #expect(warnings.contains { $0["key"] as? String == "trackedDomains" && $0["path"] as? String == "$[2].id" })

        // The record without an id is carried, ahead of the sections.
        let listing = try workspace.run("tar", "--zstd", "-tf", "b.ddbackup")
        #expect(
            listing.stdoutText
                == (["manifest.json", "carried/unreadableRecords.json"] + Self.sectionPaths).joined(separator: "\n")
                + "\n")
        let tracked = try workspace.run("tar", "--zstd", "-xOf", "b.ddbackup", "sections/trackedDomains.json")
        let domains = try workspace.python(
            "import json, sys; print(' '.join(record['domain'] for record in json.load(sys.stdin)))",
            stdin: tracked.stdout)
        #expect(domains.stdoutText == "example.com example.org\n")
        #expect(try workspace.backupctl("inspect", "b.ddbackup").status == 0)
    }
}
