import ArgumentParsing
import Testing

/// The command tree as plain values, which the completion scripts and the manual page are
/// generated from: it must hold exactly what the parser accepts.
@Suite struct CommandInfoTests {
    let tool = CommandInfo(root: TestRoot.self)

    @Test func holdsEveryCommandWithItsPathAndHelpLast() {
        #expect(tool.path == ["backupctl"])
        #expect(tool.subcommands.map(\.name) == ["export", "import", "backup", "schema", "inspect", "help"])
        #expect(tool.allCommands.map { $0.path.joined(separator: " ") }.first == "backupctl")
        #expect(tool.allCommands.count == 7)
        let export = tool.subcommands[0]
        #expect(export.path == ["backupctl", "export"])
        #expect(export.abstract == "Write the store to a backup archive.")
        #expect(export.examples.first == CommandExample("Back up the default store", "backupctl export"))
        #expect(export.usage.hasPrefix("backupctl export [--store <path>] [--output <file>]"))
    }

    @Test func listsDeclaredArgumentsThenTheBuiltInFlags() throws {
        let export = tool.subcommands[0]
        #expect(
            export.arguments.map(\.names) == [
                ["--store"], ["-o", "--output"], ["--compression"], ["--level"], ["--json"], ["-q", "--quiet"],
                ["-h", "--help"],
            ])
        #expect(tool.arguments.map(\.names) == [["--version"], ["-h", "--help"]])
        let output = export.arguments[1]
        #expect(output.kind == .option)
        #expect(output.shortNames == ["o"])
        #expect(output.longNames == ["output"])
        #expect(output.valueName == "file")
        let quiet = export.arguments[5]
        #expect(quiet.kind == .flag)
        #expect(quiet.valueName == nil)
        #expect(quiet.completion == nil)
    }

    @Test func takesCompletionsFromDeclarationsAndEnumValues() throws {
        let export = tool.subcommands[0]
        #expect(export.arguments[2].completion == .list(["zstd", "gzip", "none"]))
        #expect(export.arguments[2].defaultValue == "zstd")
        // An integer without a declared completion completes nothing.
        #expect(export.arguments[3].completion == nil)
        let file = try #require(tool.subcommands[1].positionalArguments.first)
        #expect(file.completion == .file)
        #expect(file.isRequired)
        let dir = try #require(tool.subcommands[2].arguments.first)
        #expect(dir.completion == .directory)
        #expect(tool.subcommands[3].arguments.first?.completion == .list(["1", "2", "3"]))
    }

    @Test func helpCompletesTheNamesOfTheCommandsBesideIt() throws {
        let help = try #require(tool.subcommands.last)
        #expect(help.name == "help")
        let argument = try #require(help.positionalArguments.first)
        #expect(argument.isRepeating)
        #expect(argument.completion == .list(["export", "import", "backup", "schema", "inspect"]))
    }

    @Test func aCommandThatDeclaresVersionHasNoBuiltInVersionFlag() {
        let schema = tool.subcommands[3]
        #expect(schema.arguments.filter { $0.names.contains("--version") }.count == 1)
        #expect(schema.arguments.first { $0.names.contains("--version") }?.kind == .option)
    }
}
