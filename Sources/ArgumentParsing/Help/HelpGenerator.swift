/// Renders a command's help from its declarations and configuration, in the layout of
/// swift-argument-parser: OVERVIEW, USAGE, ARGUMENTS, OPTIONS, SUBCOMMANDS, then EXAMPLES.
struct HelpGenerator {
    /// Where help text starts in the ARGUMENTS, OPTIONS and SUBCOMMANDS sections.
    static let helpColumn = 26
    /// The indentation of labels in those sections.
    static let labelIndent = 2

    let command: ResolvedCommand

    /// The help text, without a trailing newline.
    var text: String {
        var blocks: [String] = []
        let configuration = command.configuration
        if !configuration.abstract.isEmpty {
            blocks.append(Self.paragraphs("OVERVIEW: " + configuration.abstract))
        }
        if !configuration.discussion.isEmpty {
            blocks.append(Self.paragraphs(configuration.discussion))
        }
        blocks.append(command.synopsis.wrapped(prefix: "USAGE:"))
        let arguments = command.signature.positionalArguments.map { entry(for: $0) }
        if !arguments.isEmpty { blocks.append(section("ARGUMENTS", arguments)) }
        blocks.append(section("OPTIONS", optionEntries()))
        if command.hasSubcommands { blocks.append(subcommandSection()) }
        if !configuration.examples.isEmpty { blocks.append(exampleSection(configuration.examples)) }
        return blocks.joined(separator: "\n\n")
    }

    private static func paragraphs(_ text: String) -> String {
        TextWrapper.wrap(text, width: TextWrapper.screenWidth).joined(separator: "\n")
    }

    private func optionEntries() -> [String] {
        command.signature.namedArguments.map { entry(for: $0) }
            + command.builtInFlags.map { Self.entry(label: $0.names.joined(separator: ", "), help: $0.abstract) }
    }

    private func subcommandSection() -> String {
        var entries = command.configuration.subcommands.map {
            Self.entry(label: $0.commandName, help: $0.configuration.abstract)
        }
        var trailer = ""
        if command.offersHelpSubcommand {
            entries.append(
                Self.entry(label: HelpCommand.commandName, help: HelpCommand.configuration.abstract))
            trailer = "\n\n  See '\(command.path.joined(separator: " ")) help <subcommand>' for detailed help."
        }
        return section("SUBCOMMANDS", entries) + trailer
    }

    /// Each example as a shell comment saying what it does, then the command line to copy:
    /// `  # Stream a backup to another machine` over `  backupctl export -o - | …`.
    private func exampleSection(_ examples: [CommandExample]) -> String {
        let indent = String(repeating: " ", count: Self.labelIndent)
        let entries = examples.map { example in
            let comment = TextWrapper.wrap(example.summary, width: TextWrapper.screenWidth - indent.count - 2)
            let commands = example.commandLine.split(separator: "\n").map { indent + $0 }
            return (comment.map { indent + "# " + $0 } + commands).joined(separator: "\n")
        }
        return "EXAMPLES:\n" + entries.joined(separator: "\n\n")
    }

    private func section(_ title: String, _ entries: [String]) -> String {
        ([title + ":"] + entries).joined(separator: "\n")
    }

    private func entry(for argument: DeclaredArgument) -> String {
        let info = ArgumentInfo(argument)
        return Self.entry(label: argument.helpLabel, help: info.helpText, discussion: info.discussion)
    }

    /// One label with its help in the help column; a label too wide for the column goes
    /// on its own line, with the help below it.
    private static func entry(label: String, help: String, discussion: String = "") -> String {
        let indentedLabel = String(repeating: " ", count: labelIndent) + label
        let helpIndent = String(repeating: " ", count: helpColumn)
        let helpLines = [help, discussion].filter { !$0.isEmpty }.flatMap {
            TextWrapper.wrap($0, width: TextWrapper.screenWidth - helpColumn)
        }
        guard let firstHelpLine = helpLines.first else { return indentedLabel }
        let fits = indentedLabel.count + 2 <= helpColumn
        let padding = String(repeating: " ", count: max(0, helpColumn - indentedLabel.count))
        let rest = helpLines.dropFirst(fits ? 1 : 0).map { $0.isEmpty ? "" : helpIndent + $0 }
        return ([fits ? indentedLabel + padding + firstHelpLine : indentedLabel] + rest).joined(separator: "\n")
    }
}
