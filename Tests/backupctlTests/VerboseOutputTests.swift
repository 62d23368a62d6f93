import Foundation
import TestSupport
import Testing

/// `-v/--verbose` where more detail helps: every finding by section, timings, full checksums.
@Suite struct VerboseOutputTests {
    @Test func validateListsEveryFindingBySectionAndTheTimeTaken() throws {
        let workspace = try ValidationWorkspace()
        let broken = try workspace.edit("for i in range(7): doc['trackedDomains'][i]['domain'] = 'bad domain %d' % i")
        let brief = try workspace.backupctl("validate", broken)
        #expect(brief.status == 65)
        #expect(brief.stdoutText.contains("  record.domain (7)\n"))
        #expect(brief.stdoutText.contains("    … and 2 more (see --verbose)\n"))
        for flag in ["-v", "--verbose"] {
            let verbose = try workspace.backupctl("validate", flag, broken)
            #expect(verbose.status == 65)
            let lines = verbose.stdoutText.split(separator: "\n").map(String.init)
            let section = try #require(lines.firstIndex(of: "trackedDomains:"))
            for index in 0..<7 {
                #expect(
                    lines[section + 1 + index].hasPrefix("  error record.domain $.trackedDomains[\(index)].domain: "),
                    "finding \(index) missing: \(verbose.stdoutText)")
            }
            #expect(
                lines.contains {
                    $0.wholeMatch(of: #/Checked [\d.]+ [KMG]?B in [\d.]+ s( \([\d.]+ [KMG]?B\/s\))?\./#) != nil
                })
            #expect(!verbose.stdoutText.contains("more (see --verbose)"))
        }
    }

    @Test func importShowsEachSectionsTimeAndEveryWarningBySection() throws {
        let workspace = try CommandWorkspace()
        let backup = try workspace.exportBackup(from: try workspace.sampleStore())
        let brief = try workspace.backupctl("import", backup, "--store", "brief.sqlite")
        #expect(brief.status == 0)
        #expect(!brief.stdoutText.contains("seconds"))
        let verbose = try workspace.backupctl("import", "-v", backup, "--store", "verbose.sqlite")
        #expect(verbose.status == 0, "\(verbose.stderrText)")
        let lines = verbose.stdoutText.split(separator: "\n").map(String.init)
        let header = try #require(lines.first { $0.hasPrefix("  section ") })
        #expect(header.hasSuffix(" seconds"))
        for section in ["trackedDomains", "lookupHistory", "usageCredits"] {
            let row = try #require(lines.first { $0.hasPrefix("  \(section) ") })
            #expect(row.wholeMatch(of: #/.* \d+\.\d{3}/#) != nil, "no time in \(row)")
        }
        // Every warning and note of the sample, under its section.
        #expect(
            verbose.stdoutText.contains("  usageCredits:\n    warning ledger.balance-mismatch $.usageCredits.balance: ")
        )
        #expect(verbose.stdoutText.contains("  trackedDomains:\n    note record.unknown-value $.trackedDomains["))
    }

    @Test func exportShowsMergedDuplicatesAndTimesPerSection() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore()
        let brief = try workspace.backupctl("export", "--store", store, "-o", "brief.ddbackup")
        #expect(!brief.stdoutText.contains("encode s"))
        let verbose = try workspace.backupctl("export", "--store", store, "-o", "verbose.ddbackup", "--verbose")
        #expect(verbose.status == 0, "\(verbose.stderrText)")
        let lines = verbose.stdoutText.split(separator: "\n").map(String.init)
        let header = try #require(lines.first { $0.hasPrefix("  section ") })
        #expect(header.contains(" duplicates ") && header.hasSuffix(" encode s  write s"), "\(header)")
        let tracked = try #require(lines.first { $0.hasPrefix("  trackedDomains ") })
        // trackedDomains, its records, its size (`10.6 KB`: two words), duplicates, the times.
        let columns = tracked.split(separator: " ")
        try #require(columns.count == 7, "\(tracked)")
        #expect(columns[2].wholeMatch(of: #/\d+(\.\d)?/#) != nil && ["B", "KB", "MB"].contains(columns[3]))
        // The sample plants duplicate domains in mixed case; export merges them.
        #expect(try #require(Int(columns[4])) > 0, "\(tracked)")
        #expect(columns[5].wholeMatch(of: #/\d+\.\d{3}/#) != nil)
        #expect(columns[6].wholeMatch(of: #/\d+\.\d{3}/#) != nil)
        #expect(lines.contains { $0.hasPrefix("Read and wrote ") && $0.hasSuffix(" of JSON.") })
    }

    @Test func inspectShowsFullChecksumsAndEntryPaths() throws {
        let workspace = try CommandWorkspace()
        let backup = try workspace.exportBackup(from: try workspace.sampleStore())
        let json = try workspace.backupctl("inspect", backup, "--json").jsonObject()
        let sections = try #require(json["sections"] as? [[String: Any]])
        let brief = try workspace.backupctl("inspect", backup)
        let verbose = try workspace.backupctl("inspect", "-v", backup)
        #expect(verbose.status == 0)
        for section in sections {
            let sha256 = try #require(section["sha256"] as? String)
            let path = try #require(section["path"] as? String)
            #expect(!brief.stdoutText.contains(sha256))
            let row = try #require(verbose.stdoutText.split(separator: "\n").first { $0.hasPrefix("  \(path) ") })
            #expect(row.hasSuffix(" \(sha256)  verified"))
        }
        #expect(verbose.stdoutText.contains("Read and verified "))
    }

    @Test func listShowsHowEachBackupWasMadeAndItsSections() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore()
        let backup = try workspace.backupctl("backup", "--dir", "backups", "--store", store)
        #expect(backup.status == 0)
        let name = try #require(
            try FileManager.default.contentsOfDirectory(atPath: workspace.path("backups")).first {
                $0.hasSuffix(".ddbackup")
            })
        let brief = try workspace.backupctl("list", "--dir", "backups")
        #expect(!brief.stdoutText.contains("sections: "))
        let verbose = try workspace.backupctl("list", "--dir", "backups", "-v")
        #expect(verbose.status == 0)
        let version = try workspace.backupctl("--version").stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(verbose.stdoutText.contains("\n\(name)\n  made "))
        #expect(verbose.stdoutText.contains(" by \(version) from store version "))
        #expect(verbose.stdoutText.contains("\n  sections: trackedDomains "))
        // What the sample carries (a key this build does not know, records it cannot read) is
        // listed apart from the sections.
        #expect(verbose.stdoutText.contains("\n  carried: storeKeys 1, unreadableRecords 4\n"))
        #expect(!verbose.stdoutText.contains("sections: storeKeys"))
        #expect(verbose.stdoutText.contains("\nRead the manifests in "))
        let verified = try workspace.backupctl("list", "--dir", "backups", "-v", "--verify")
        #expect(verified.stdoutText.contains("\nVerified "))
    }
}
