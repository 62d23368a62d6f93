import ArgumentParsing
import Testing

@Suite struct CommandLineParserTests {
    @Test func appliesDefaultsWhenNothingIsGiven() throws {
        let export = try #require(parse(["export"]).command as? TestExport)
        #expect(export.store == nil)
        #expect(export.output == nil)
        #expect(export.compression == .zstd)
        #expect(export.level == 3)
        #expect(export.common.json == false)
        #expect(export.common.quiet == false)
    }

    @Test func readsLongOptionFollowedByItsValue() throws {
        let export = try #require(
            parse(["export", "--store", "/data/store.sqlite", "--level", "9"]).command as? TestExport)
        #expect(export.store == "/data/store.sqlite")
        #expect(export.level == 9)
    }

    @Test func readsLongOptionWithAttachedValue() throws {
        let export = try #require(
            parse(["export", "--store=/data/a=b.sqlite", "--level=12", "--compression=gzip"]).command as? TestExport)
        #expect(export.store == "/data/a=b.sqlite")
        #expect(export.level == 12)
        #expect(export.compression == .gzip)
    }

    @Test func attachedEmptyValueIsAValue() throws {
        let export = try #require(parse(["export", "--output="]).command as? TestExport)
        #expect(export.output == "")
    }

    @Test func readsShortOptionFollowedByItsValue() throws {
        let export = try #require(parse(["export", "-o", "backup.tar.zst"]).command as? TestExport)
        #expect(export.output == "backup.tar.zst")
    }

    @Test func longAndShortNamesFillTheSameOption() throws {
        let export = try #require(parse(["export", "--output", "a.tar"]).command as? TestExport)
        #expect(export.output == "a.tar")
    }

    @Test func acceptsLoneDashAsOptionValue() throws {
        let export = try #require(parse(["export", "-o", "-", "--compression", "none"]).command as? TestExport)
        #expect(export.output == "-")
        #expect(export.compression == Compression.none)
    }

    @Test func acceptsNegativeNumberAsOptionValue() throws {
        let backup = try #require(parse(["backup", "--dir", "d", "--keep-last", "-1"]).command as? TestBackup)
        #expect(backup.keepLast == -1)
    }

    @Test func lastValueWinsWhenScalarOptionRepeats() throws {
        let export = try #require(parse(["export", "--level", "2", "--level", "5"]).command as? TestExport)
        #expect(export.level == 5)
    }

    @Test func readsEnumOptionByRawValue() throws {
        let importCommand = try #require(parse(["import", "a.tar", "--mode", "replace"]).command as? TestImport)
        #expect(importCommand.mode == .replace)
    }

    @Test func setsFlagsWhenPresent() throws {
        let importCommand = try #require(
            parse(["import", "a.tar", "--dry-run", "--no-safety-snapshot", "--json"]).command as? TestImport)
        #expect(importCommand.dryRun)
        #expect(importCommand.skipSafetySnapshot)
        #expect(importCommand.common.json)
        #expect(!importCommand.common.quiet)
    }

    @Test func leavesFlagsOffWhenAbsent() throws {
        let importCommand = try #require(parse(["import", "a.tar"]).command as? TestImport)
        #expect(!importCommand.dryRun)
        #expect(!importCommand.skipSafetySnapshot)
        #expect(importCommand.mode == .merge)
    }

    @Test func acceptsRepeatedFlag() throws {
        let importCommand = try #require(parse(["import", "a.tar", "--dry-run", "--dry-run"]).command as? TestImport)
        #expect(importCommand.dryRun)
    }

    @Test func readsShortFlagFromOptionGroup() throws {
        let backup = try #require(parse(["backup", "-q", "--dir", "d"]).command as? TestBackup)
        #expect(backup.common.quiet)
    }

    @Test func readsPositionalArgumentAmongOptions() throws {
        let before = try #require(parse(["import", "a.tar", "--mode", "replace"]).command as? TestImport)
        let after = try #require(parse(["import", "--mode", "replace", "a.tar"]).command as? TestImport)
        #expect(before.file == "a.tar")
        #expect(after.file == "a.tar")
        #expect(after.mode == .replace)
    }

    @Test func readsLoneDashAsPositionalValue() throws {
        let importCommand = try #require(parse(["import", "-", "--dry-run"]).command as? TestImport)
        #expect(importCommand.file == "-")
        #expect(importCommand.dryRun)
    }

    @Test func doubleDashEndsOptions() throws {
        let importCommand = try #require(parse(["import", "--dry-run", "--", "--mode"]).command as? TestImport)
        #expect(importCommand.file == "--mode")
        #expect(importCommand.dryRun)
        #expect(importCommand.mode == .merge)
    }

    @Test func helpAfterDoubleDashIsAValue() throws {
        let importCommand = try #require(parse(["import", "--", "--help"]).command as? TestImport)
        #expect(importCommand.file == "--help")
    }

    @Test func collectsRepeatedOptionIntoArrayInOrder() throws {
        let backup = try #require(
            parse(["backup", "--dir", "d", "--keep-day", "15", "--keep-day=1", "--keep-day", "28"]).command
                as? TestBackup)
        #expect(backup.keepDay == [15, 1, 28])
    }

    @Test func repeatableOptionIsEmptyWhenAbsent() throws {
        let backup = try #require(parse(["backup", "--dir", "d"]).command as? TestBackup)
        #expect(backup.keepDay == [])
        #expect(backup.keepLast == nil)
    }

    @Test func repeatedOptionReplacesArrayDefault() throws {
        let defaulted = try #require(parse(["backup", "--dir", "d"]).command as? TestBackup)
        let given = try #require(
            parse(["backup", "--dir", "d", "--label", "hourly", "--label", "cron"]).command as? TestBackup)
        #expect(defaulted.label == ["scheduled"])
        #expect(given.label == ["hourly", "cron"])
    }

    @Test func readsRequiredOption() throws {
        let backup = try #require(
            parse(["backup", "--dir", "/var/backups/domaindig", "--keep-last", "24"]).command as? TestBackup)
        #expect(backup.dir == "/var/backups/domaindig")
        #expect(backup.keepLast == 24)
    }

    @Test func optionalPositionalTakesItsDefaultWhenAbsent() throws {
        let defaulted = try #require(parse(["schema"]).command as? TestSchema)
        let given = try #require(parse(["schema", "manifest"]).command as? TestSchema)
        #expect(defaulted.section == "all")
        #expect(given.section == "manifest")
    }

    @Test func fillsPositionalArgumentsInDeclarationOrder() throws {
        let minimal = try #require(parse(["inspect", "a.tar"]).command as? TestInspect)
        #expect(minimal.file == "a.tar")
        #expect(minimal.limit == nil)
        #expect(minimal.sections == ["manifest"])
        let full = try #require(parse(["inspect", "-", "5", "domains", "--", "-audits"]).command as? TestInspect)
        #expect(full.file == "-")
        #expect(full.limit == 5)
        #expect(full.sections == ["domains", "-audits"])
    }

    @Test func acceptsNegativeNumberAsPositionalValue() throws {
        let inspect = try #require(parse(["inspect", "a.tar", "-3"]).command as? TestInspect)
        #expect(inspect.limit == -3)
    }

    @Test func declaredVersionOptionWinsOverBuiltInVersionFlag() throws {
        let schema = try #require(parse(["schema", "--version", "2"]).command as? TestSchema)
        #expect(schema.version == 2)
        #expect(parse(["--version"]).versionText == "backupctl 1.4.0")
    }

    @Test func validatePassesForValidValues() throws {
        let export = try #require(parse(["export", "--level", "19"]).command as? TestExport)
        #expect(export.level == 19)
    }

    @Test func valuesWrittenByValidateReachTheReturnedCommand() throws {
        let backup = try #require(parse(["backup", "--dir", "/var/backups//"]).command as? TestBackup)
        #expect(backup.dir == "/var/backups")
    }

    @Test func returnedCommandRunsThroughTheExistential() throws {
        var command = try #require(parse(["import", "-", "--mode", "replace", "--dry-run"]).command)
        try command.run()
        let importCommand = try #require(command as? TestImport)
        #expect(importCommand.plan == "replace - (dry run)")
    }

    @Test func eachParseStartsFromFreshValues() throws {
        let first = try #require(parse(["export", "--level", "7", "--json"]).command as? TestExport)
        let second = try #require(parse(["export"]).command as? TestExport)
        #expect(first.level == 7)
        #expect(second.level == 3)
        #expect(!second.common.json)
    }
}

@Suite struct CommandGroupErrorTests {
    @Test func unknownOptionOnACommandGroupIsAUsageErrorNotHelp() {
        let outcome = CommandLineParser(root: TestRoot.self).parse(["--bogus"])
        guard case .usageError(let error) = outcome else {
            Issue.record("expected a usage error, got \(outcome)")
            return
        }
        #expect(error.message.contains("--bogus"))
    }

    @Test func bareCommandGroupStillPrintsHelp() {
        guard case .help = CommandLineParser(root: TestRoot.self).parse([]) else {
            Issue.record("expected help")
            return
        }
    }
}
