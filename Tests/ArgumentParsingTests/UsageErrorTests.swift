import ArgumentParsing
import Testing

@Suite struct UsageErrorTests {
    @Test func carriesTheUsageOfTheCommandInvolved() throws {
        let error = try #require(parse(["import"]).usageError)
        #expect(error.commandPath == ["backupctl", "import"])
        #expect(
            error.usage
                == "backupctl import <file> [--store <path>] [--mode <merge|replace>] [--dry-run] [--no-safety-snapshot] [--json] [--quiet]"
        )
        #expect(error.helpHint == "See 'backupctl import --help' for more information.")
    }

    @Test func unknownSubcommandCarriesTheParentUsage() throws {
        let error = try #require(parse(["exprot"]).usageError)
        #expect(error.commandPath == ["backupctl"])
        #expect(error.usage == "backupctl <subcommand>")
    }

    @Test func describesErrorUsageAndHintWrappedAtEightyColumns() throws {
        let error = try #require(parse(["export", "--level", "abc"]).usageError)
        #expect(
            error.description == """
                error: invalid value 'abc' for --level: expected an integer
                Usage: backupctl export [--store <path>] [--output <file>]
                       [--compression <zstd|gzip|none>] [--level <n>] [--json] [--quiet]
                  See 'backupctl export --help' for more information.
                """)
    }

    @Test func describesShortUsageOnOneLine() throws {
        let error = try #require(parse(["schema", "--version", "x"]).usageError)
        #expect(
            error.description == """
                error: invalid value 'x' for --version: expected an integer
                Usage: backupctl schema [--version <n>] [<section>]
                  See 'backupctl schema --help' for more information.
                """)
    }
}
