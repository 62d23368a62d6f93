import ArgumentParsing
import Testing

/// Every way a command line is rejected, through the parser, with the exact message.
@Suite struct ArgumentParsingErrorTests {
    private func message(_ arguments: [String]) throws -> String {
        try #require(parse(arguments).usageError).message
    }

    @Test func unknownOptionSuggestsTheClosestName() throws {
        #expect(try message(["export", "--stor", "x"]) == "unknown option '--stor'; did you mean '--store'?")
        #expect(
            try message(["export", "--compresion", "gzip"])
                == "unknown option '--compresion'; did you mean '--compression'?")
        #expect(try message(["import", "a", "--dryrun"]) == "unknown option '--dryrun'; did you mean '--dry-run'?")
    }

    @Test func unknownOptionSuggestsLongNameTypedWithOneDash() throws {
        #expect(try message(["export", "-store", "x"]) == "unknown option '-store'; did you mean '--store'?")
    }

    @Test func unknownOptionSuggestsTheNameItAbbreviates() throws {
        #expect(try message(["export", "--comp", "gzip"]) == "unknown option '--comp'; did you mean '--compression'?")
    }

    @Test func unknownOptionWithoutObviousMatchHasNoSuggestion() throws {
        #expect(try message(["export", "--frobnicate"]) == "unknown option '--frobnicate'")
        #expect(try message(["export", "-x"]) == "unknown option '-x'")
    }

    @Test func versionFlagExistsOnlyWhereAVersionIsConfigured() throws {
        #expect(try message(["export", "--version"]) == "unknown option '--version'")
    }

    @Test func optionAtTheEndIsMissingItsValue() throws {
        #expect(try message(["export", "--level"]) == "missing value for option '--level <n>'")
    }

    @Test func optionFollowedByAnotherOptionIsMissingItsValue() throws {
        #expect(try message(["export", "-o", "--json"]) == "missing value for option '-o <file>'")
        #expect(try message(["export", "--store", "--", "x"]) == "missing value for option '--store <path>'")
    }

    @Test func flagGivenAValueIsRejected() throws {
        #expect(
            try message(["import", "a.tar", "--dry-run=yes"])
                == "flag '--dry-run' does not take a value, but was given 'yes'")
    }

    @Test func missingRequiredOptionIsNamedWithItsValue() throws {
        #expect(try message(["backup", "--keep-last", "3"]) == "missing required option '--dir <dir>'")
    }

    @Test func missingRequiredArgumentIsNamed() throws {
        #expect(try message(["import", "--dry-run"]) == "missing required argument '<file>'")
    }

    @Test func invalidIntegerNamesTheOptionAndTheExpectedType() throws {
        #expect(try message(["export", "--level", "abc"]) == "invalid value 'abc' for --level: expected an integer")
        #expect(try message(["export", "--level=3.5"]) == "invalid value '3.5' for --level: expected an integer")
    }

    @Test func invalidEnumValueListsTheChoices() throws {
        #expect(
            try message(["export", "--compression", "lz4"])
                == "invalid value 'lz4' for --compression: expected one of zstd, gzip, none")
        #expect(
            try message(["import", "a", "--mode", "Merge"])
                == "invalid value 'Merge' for --mode: expected one of merge, replace")
    }

    @Test func invalidValueNamesTheOptionAsTyped() throws {
        #expect(
            try message(["backup", "--dir", "d", "--keep-day", "first"])
                == "invalid value 'first' for --keep-day: expected an integer")
    }

    /// A value declared as a path (a `.file` or `.directory` completion) names nothing when
    /// empty; a value of another kind may be empty (`--output=` of TestExport declares no path).
    @Test func anEmptyPathIsRefusedForOptionsAndArgumentsThatTakeOne() throws {
        #expect(
            try message(["backup", "--dir", ""]) == "--dir is an empty path, which names no file or folder; pass a path"
        )
        #expect(
            try message(["backup", "--dir="]) == "--dir is an empty path, which names no file or folder; pass a path")
        #expect(try message(["import", ""]) == "<file> is an empty path, which names no file or folder; pass a path")
    }

    @Test func invalidPositionalValueNamesTheArgument() throws {
        #expect(try message(["inspect", "a.tar", "ten"]) == "invalid value 'ten' for <limit>: expected an integer")
    }

    @Test func extraPositionalValueIsUnexpected() throws {
        #expect(try message(["import", "a.tar", "b.tar"]) == "unexpected argument 'b.tar'")
        #expect(try message(["export", "out.tar"]) == "unexpected argument 'out.tar'")
    }

    @Test func unknownSubcommandSuggestsTheClosestOne() throws {
        #expect(try message(["exprot"]) == "unknown subcommand 'exprot'; did you mean 'export'?")
        #expect(try message(["imprt", "a.tar"]) == "unknown subcommand 'imprt'; did you mean 'import'?")
    }

    @Test func unknownSubcommandWithoutObviousMatchListsTheSubcommands() throws {
        #expect(
            try message(["frobnicate"])
                == "unknown subcommand 'frobnicate'; expected one of export, import, backup, schema, inspect")
        #expect(
            try message(["help", "frobnicate"])
                == "unknown subcommand 'frobnicate'; expected one of export, import, backup, schema, inspect")
    }

    @Test func validationErrorFromCommandIsAUsageError() throws {
        let error = try #require(parse(["export", "--level", "42"]).usageError)
        #expect(error.message == "--level must be between 1 and 19, not 42")
        #expect(error.error == .validationFailed("--level must be between 1 and 19, not 42"))
        #expect(error.commandPath == ["backupctl", "export"])
    }

    @Test func optionGroupValidatesBeforeTheCommand() throws {
        #expect(
            try message(["export", "--json", "--quiet", "--level", "42"])
                == "--json and --quiet cannot be combined; choose one")
    }

    @Test func firstErrorOnTheLineIsReported() throws {
        #expect(
            try message(["export", "--level", "x", "--bogus"]) == "invalid value 'x' for --level: expected an integer")
    }

    @Test func invalidValueIsReportedBeforeMissingRequiredOption() throws {
        #expect(
            try message(["backup", "--keep-last", "many"])
                == "invalid value 'many' for --keep-last: expected an integer")
    }

    @Test func helpRequestWinsOverErrorsOnTheSameLine() throws {
        let help = try #require(parse(["export", "--level", "abc", "--bogus", "--help"]).helpText)
        #expect(help == parse(["export", "--help"]).helpText)
    }

    @Test func errorCarriesTheStructuredReason() throws {
        let error = try #require(parse(["export", "--stor", "x"]).usageError)
        #expect(error.error == .unknownOption("--stor", suggestion: "--store"))
    }
}
