import ArgumentParsing
import Testing

/// The generated help, through the parser's public outcomes.
@Suite struct HelpGeneratorTests {
    @Test func rendersRootHelp() throws {
        let help = try #require(parse(["--help"]).helpText)
        #expect(
            help == """
                OVERVIEW: Back up and restore the DomainDig data store.

                Exports the store to a versioned, compressed archive and imports it back. Exit
                status 64 means the command line was not understood.

                USAGE: backupctl <subcommand>

                OPTIONS:
                  --version               Show the version.
                  -h, --help              Show help information.

                SUBCOMMANDS:
                  export                  Write the store to a backup archive.
                  import                  Import a backup into the store.
                  backup                  Export the store into a backup directory and apply the
                                          retention policy.
                  schema                  Print the backup format's JSON Schema.
                  inspect                 Describe a backup without importing it.
                  help                    Show subcommand help information.

                  See 'backupctl help <subcommand>' for detailed help.
                """)
    }

    @Test func rendersExportHelp() throws {
        let help = try #require(parse(["export", "--help"]).helpText)
        #expect(
            help == """
                OVERVIEW: Write the store to a backup archive.

                The archive is written to a temporary file and renamed into place, so a failed
                export never leaves a partial file under the final name.

                USAGE: backupctl export [--store <path>] [--output <file>]
                       [--compression <zstd|gzip|none>] [--level <n>] [--json] [--quiet]

                OPTIONS:
                  --store <path>          The store to read.
                  -o, --output <file>     Where to write the archive, or - for standard output.
                  --compression <zstd|gzip|none>
                                          How to compress the archive. (default: zstd)
                  --level <n>             The compression level. (default: 3)
                  --json                  Print one JSON document on standard output.
                  -q, --quiet             Print nothing but errors.
                  -h, --help              Show help information.

                EXAMPLES:
                  # Back up the default store
                  backupctl export

                  # Stream a backup to another machine, with a summary long enough to be wrapped
                  # onto a second line
                  backupctl export -o - \\
                      | ssh host 'cat > b.ddbackup'
                """)
    }

    @Test func rendersArgumentsSectionAndCustomLongName() throws {
        let help = try #require(parse(["import", "--help"]).helpText)
        #expect(
            help == """
                OVERVIEW: Import a backup into the store.

                USAGE: backupctl import <file> [--store <path>] [--mode <merge|replace>]
                       [--dry-run] [--no-safety-snapshot] [--json] [--quiet]

                ARGUMENTS:
                  <file>                  The backup to import, or - to read standard input.

                OPTIONS:
                  --store <path>          The store to write.
                  --mode <merge|replace>  How to combine the backup with the store. (default:
                                          merge)
                  --dry-run               Check the backup and report what would change, without
                                          writing.
                  --no-safety-snapshot    Do not export the current store before writing.
                  --json                  Print one JSON document on standard output.
                  -q, --quiet             Print nothing but errors.
                  -h, --help              Show help information.
                """)
    }

    @Test func showsRequiredAndRepeatableOptionsInUsage() throws {
        let help = try #require(parse(["backup", "--help"]).helpText)
        #expect(
            help.contains(
                """
                USAGE: backupctl backup --dir <dir> [--keep-last <n>] [--keep-day <day> ...]
                       [--label <label> ...] [--json] [--quiet]
                """))
        #expect(help.contains("(default: scheduled)"))
    }

    @Test func showsOptionalArgumentWithDefault() throws {
        let help = try #require(parse(["schema", "--help"]).helpText)
        #expect(help.contains("USAGE: backupctl schema [--version <n>] [<section>]"))
        #expect(help.contains("  <section>               The section to print. (default: all)"))
        #expect(help.contains("  --version <n>           The backup format version to describe [1-3]: the\n"))
        #expect(!help.contains("Show the version."))
    }

    @Test func showsOptionalAndRepeatingArguments() throws {
        let help = try #require(parse(["inspect", "--help"]).helpText)
        #expect(help.contains("USAGE: backupctl inspect <file> [<limit>] [<section> ...]"))
        #expect(help.contains("  <section> ...           The sections to show. (default: manifest)"))
    }

    @Test func everyFormOfAskingGivesTheSameHelp() throws {
        let forms = [
            ["export", "-h"], ["export", "--help"], ["help", "export"], ["export", "--store", "s", "--help"],
        ]
        let texts = forms.map { parse($0).helpText }
        let expected = try #require(texts[0])
        #expect(expected.hasPrefix("OVERVIEW: Write the store to a backup archive."))
        for text in texts { #expect(text == expected) }
    }

    @Test func helpAloneAndNoSubcommandGiveRootHelp() throws {
        let rootHelp = try #require(parse(["--help"]).helpText)
        #expect(parse(["help"]).helpText == rootHelp)
        #expect(parse(["-h"]).helpText == rootHelp)
        #expect(parse([]).helpText == rootHelp)
    }

    @Test func helpHelpShowsTheHelpOfTheHelpCommand() throws {
        let help = try #require(parse(["help", "help"]).helpText)
        #expect(
            help == """
                OVERVIEW: Show subcommand help information.

                USAGE: backupctl help [<subcommand> ...]

                ARGUMENTS:
                  <subcommand> ...        The subcommand to show help for.

                OPTIONS:
                  -h, --help              Show help information.
                """)
        #expect(parse(["help", "help", "export"]).usageError?.message == "unexpected argument 'export'")
    }

    @Test func versionFlagGivesTheVersionText() {
        #expect(parse(["--version"]).versionText == "backupctl 1.4.0")
    }

    @Test func linesFitInEightyColumns() throws {
        for arguments in [
            ["--help"], ["export", "--help"], ["import", "--help"], ["backup", "--help"], ["inspect", "--help"],
        ] {
            let help = try #require(parse(arguments).helpText)
            let widest = help.split(separator: "\n").map(\.count).max() ?? 0
            #expect(widest <= 80, "\(arguments) has a line of \(widest) characters")
        }
    }
}
