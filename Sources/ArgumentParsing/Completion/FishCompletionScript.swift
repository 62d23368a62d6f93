/// The fish completion script of a command tree: a function that finds the command typed so
/// far, then one `complete` line per subcommand, option, flag and positional argument, each
/// under the condition that its command is the one typed.
///
/// Files are offered only where a declaration asks for them (`complete -f` switches fish's
/// default file completion off).
struct FishCompletionScript {
    let tool: CommandInfo

    private var prefix: String { "_" + ShellQuoting.functionName([tool.name]) }

    var text: String {
        let paths = tool.allCommands.dropFirst().map { ShellQuoting.fishSingleQuoted($0.path.joined(separator: " ")) }
        var lines = [
            "# fish completion for \(tool.name), generated from its declarations by",
            "# `\(tool.name) completions fish`.",
            "#",
            "# Install it for your user:  \(tool.name) completions fish > ~/.config/fish/completions/\(tool.name).fish",
            "# or load it into the current shell:  \(tool.name) completions fish | source",
            "",
            "# Prints the command typed so far: each word that names a subcommand of the one before.",
            "function \(prefix)_command",
            "    set -l commands \(paths.joined(separator: " "))",
            "    set -l command \(ShellQuoting.fishSingleQuoted(tool.name))",
            "    set -l words (commandline -opc)",
            "    for word in $words[2..-1]",
            "        if contains -- \"$command $word\" $commands",
            "            set command \"$command $word\"",
            "        else if not string match -q -- '-*' $word",
            "            break",
            "        end",
            "    end",
            "    echo $command",
            "end",
            "",
            "# Whether the command typed so far is $argv[1].",
            "function \(prefix)_at",
            "    test (\(prefix)_command) = \"$argv[1]\"",
            "end",
            "",
            "complete -c \(tool.name) -f",
        ]
        lines += tool.allCommands.flatMap { [""] + completions(of: $0) }
        return lines.joined(separator: "\n") + "\n"
    }

    private func completions(of command: CommandInfo) -> [String] {
        let condition = ShellQuoting.fishSingleQuoted("\(prefix)_at \"\(command.path.joined(separator: " "))\"")
        let start = "complete -c \(tool.name) -n \(condition)"
        var lines = command.subcommands.map {
            "\(start) -a \(ShellQuoting.fishSingleQuoted($0.name)) -d \(ShellQuoting.fishSingleQuoted($0.abstract))"
        }
        for argument in command.namedArguments {
            var words = argument.shortNames.map { "-s \($0)" } + argument.longNames.map { "-l \($0)" }
            if argument.kind == .option { words += ["-r"] + values(argument.completion) }
            if !argument.abstract.isEmpty { words += ["-d", ShellQuoting.fishSingleQuoted(argument.abstract)] }
            lines.append(([start] + words).joined(separator: " "))
        }
        let positionals = command.positionalArguments.filter { $0.completion != nil }
        return lines + positionals.map { ([start] + values($0.completion)).joined(separator: " ") }
    }

    /// The switches offering a value of the given kind.
    private func values(_ completion: CompletionKind?) -> [String] {
        switch completion {
        case .file: ["-F"]
        case .directory: ["-f", "-a", ShellQuoting.fishSingleQuoted("(__fish_complete_directories)")]
        case .list(let words): ["-f", "-a", ShellQuoting.fishSingleQuoted(words.joined(separator: " "))]
        case nil: ["-f"]
        }
    }
}
