/// The zsh completion script of a command tree: one function per command, each handing its
/// options, flags and positional arguments to `_arguments`; a command with subcommands
/// offers their names with their summaries and hands the rest of the line to the named one.
///
/// The script works both ways zsh loads completions: as an autoloaded `_<tool>` file in
/// `$fpath`, and sourced into a shell that has run `compinit`.
struct ZshCompletionScript {
    let tool: CommandInfo

    var text: String {
        let rootFunction = ShellQuoting.functionName([tool.name])
        var lines = [
            "#compdef \(tool.name)",
            "# zsh completion for \(tool.name), generated from its declarations by",
            "# `\(tool.name) completions zsh`.",
            "#",
            "# Install it in a folder of your $fpath, e.g.:",
            "#     \(tool.name) completions zsh > ~/.zfunc/\(rootFunction)",
            "#     (with `fpath=(~/.zfunc $fpath)` before `compinit` in ~/.zshrc)",
            "# or load it into the current shell, after compinit:  source <(\(tool.name) completions zsh)",
            "",
        ]
        lines += tool.allCommands.flatMap { function(for: $0) + [""] }
        lines += [
            "if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then",
            "    \(rootFunction) \"$@\"",
            "else",
            "    compdef \(rootFunction) \(tool.name)",
            "fi",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    private func function(for command: CommandInfo) -> [String] {
        var specs = command.namedArguments.map(optionSpec)
        for argument in command.positionalArguments {
            // `:message:action` for a required value, `::…` for an optional one, `*:…` for the rest.
            let prefix = argument.isRepeating ? "*" : argument.isRequired ? "" : ":"
            let message = Self.escaped(argument.valueName ?? "value")
            specs.append(ShellQuoting.singleQuoted("\(prefix):\(message):\(action(argument.completion))"))
        }
        var lines = ["\(ShellQuoting.functionName(command.path))() {"]
        guard !command.subcommands.isEmpty else {
            lines.append("    _arguments -S : \\")
            lines += Self.continued(specs, last: "")
            lines.append("}")
            return lines
        }
        specs += [ShellQuoting.singleQuoted("(-): :->command"), ShellQuoting.singleQuoted("(-)*:: :->argument")]
        lines += [
            "    local curcontext=\"$curcontext\" state state_descr line ret=1",
            "    local -A opt_args",
            "    _arguments -C -S : \\",
        ]
        lines += Self.continued(specs, last: " && ret=0")
        lines += [
            "    case $state in",
            "    command)",
            "        local -a commands=(",
        ]
        lines += command.subcommands.map {
            "            " + ShellQuoting.singleQuoted($0.name.replacing(":", with: #"\:"#) + ":" + $0.abstract)
        }
        lines += [
            "        )",
            "        _describe -t commands \(ShellQuoting.singleQuoted("\(command.name) command")) commands && ret=0",
            "        ;;",
            "    argument)",
            "        case ${words[1]} in",
        ]
        lines += command.subcommands.map {
            "        \(ShellQuoting.singleQuoted($0.name))) \(ShellQuoting.functionName($0.path)) && ret=0 ;;"
        }
        lines += ["        esac", "        ;;", "    esac", "    return ret", "}"]
        return lines
    }

    /// The specs as continuation lines of one command, the last one ending with `last`.
    private static func continued(_ specs: [String], last: String) -> [String] {
        specs.enumerated().map { index, spec in
            "        " + spec + (index == specs.count - 1 ? last : " \\")
        }
    }

    /// `'(-o --output)'{-o,--output}'[Where to write.]:file:_files'`, or for one name
    /// `'--store[The store.]:path:_files'`; a repeatable option may be given again (`*`).
    private func optionSpec(_ argument: ArgumentInfo) -> String {
        let description = argument.abstract.isEmpty ? "" : "[\(Self.escaped(argument.abstract))]"
        let value =
            argument.kind == .option
            ? ":\(Self.escaped(argument.valueName ?? "value")):\(action(argument.completion))" : ""
        if argument.isRepeating {
            return argument.names.map { ShellQuoting.singleQuoted("*" + $0 + description + value) }
                .joined(separator: " ")
        }
        guard argument.names.count > 1 else {
            return ShellQuoting.singleQuoted(argument.names[0] + description + value)
        }
        // Brace expansion gives each name the same spec; giving one excludes the others.
        let exclusions = ShellQuoting.singleQuoted("(\(argument.names.joined(separator: " ")))")
        return exclusions + "{\(argument.names.joined(separator: ","))}"
            + ShellQuoting.singleQuoted(description + value)
    }

    /// The `_arguments` action completing a value.
    private func action(_ completion: CompletionKind?) -> String {
        switch completion {
        case .file: "_files"
        case .directory: "_files -/"
        // Blanks and parentheses in a word would split or end the list.
        case .list(let words): "(" + words.map { Self.backslashing(" ()\\:", in: $0) }.joined(separator: " ") + ")"
        case nil: " "
        }
    }

    /// Text inside an `_arguments` description or message, where `\`, `[`, `]` and `:` are special.
    private static func escaped(_ text: String) -> String {
        backslashing("\\[]:", in: text)
    }

    /// `text` with a backslash before each of `special`.
    private static func backslashing(_ special: String, in text: String) -> String {
        String(text.flatMap { special.contains($0) ? ["\\", $0] : [$0] })
    }
}
