/// The bash completion script of a command tree: one function that finds the command typed
/// so far, then completes an option's value after the option, option names after `-`,
/// subcommand names under a command that has them, and positional values by position.
///
/// Files and directories go through bash-completion's `_filedir` when it is loaded (it
/// handles `~` and quoting), else through `compgen`.
struct BashCompletionScript {
    let tool: CommandInfo

    private var prefix: String { ShellQuoting.functionName([tool.name]) }

    var text: String {
        let lines =
            [
                "# bash completion for \(tool.name), generated from its declarations by",
                "# `\(tool.name) completions bash`.",
                "#",
                "# Load it into the current shell:  source <(\(tool.name) completions bash)",
                "# or install it for your user:     \(tool.name) completions bash \\",
                "#     > ~/.local/share/bash-completion/completions/\(tool.name)",
                "",
            ] + helpers + mainFunction + ["", "complete -F \(prefix) \(tool.name)"]
        return lines.joined(separator: "\n") + "\n"
    }

    private var helpers: [String] {
        [
            "# Offers the words of $1 that start with the current word.",
            "\(prefix)_words() {",
            "    mapfile -t COMPREPLY < <(compgen -W \"$1\" -- \"$cur\")",
            "}",
            "",
            "# Offers file names, or directory names with -d.",
            "\(prefix)_files() {",
            "    if declare -F _filedir >/dev/null; then",
            "        _filedir \"$@\"",
            "    else",
            "        compopt -o filenames 2>/dev/null",
            "        mapfile -t COMPREPLY < <(compgen \"${1:--f}\" -- \"$cur\")",
            "    fi",
            "}",
            "",
            "# Prints how many positional values precede the current word, counting from word $1;",
            "# $2 lists the options that take a value as |--name|-n|, so their values are skipped.",
            "\(prefix)_position() {",
            "    local count=0 i word",
            "    for ((i = $1; i < COMP_CWORD; i++)); do",
            "        word=\"${COMP_WORDS[i]}\"",
            "        if [[ \"$word\" == -?* ]]; then",
            "            [[ \"$2\" == *\"|$word|\"* ]] && i=$((i + 1))",
            "        else",
            "            count=$((count + 1))",
            "        fi",
            "    done",
            "    echo \"$count\"",
            "}",
            "",
        ]
    }

    private var mainFunction: [String] {
        let paths = tool.allCommands.dropFirst().map { ShellQuoting.singleQuoted($0.path.joined(separator: " ")) }
        var lines = [
            "\(prefix)() {",
            "    local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD - 1]}\"",
            "    local command=\(ShellQuoting.singleQuoted(tool.name)) start=1 i",
            "    COMPREPLY=()",
            "    # The command typed so far: each word that names a subcommand of the one before.",
            "    for ((i = 1; i < COMP_CWORD; i++)); do",
            "        case \"$command ${COMP_WORDS[i]}\" in",
        ]
        if !paths.isEmpty {
            lines += [
                "        \(paths.joined(separator: " | ")))",
                "            command=\"$command ${COMP_WORDS[i]}\"",
                "            start=$((i + 1))",
                "            ;;",
            ]
        }
        lines += [
            "        *) [[ \"${COMP_WORDS[i]}\" == -* ]] || break ;;",
            "        esac",
            "    done",
            "    case \"$command\" in",
        ]
        for command in tool.allCommands {
            lines.append("    \(ShellQuoting.singleQuoted(command.path.joined(separator: " "))))")
            lines += body(of: command).map { "        " + $0 }
            lines.append("        ;;")
        }
        lines += ["    esac", "}"]
        return lines
    }

    /// What one command completes.
    private func body(of command: CommandInfo) -> [String] {
        var lines: [String] = []
        let valued = command.namedArguments.filter { $0.kind == .option }
        if !valued.isEmpty {
            lines.append("case \"$prev\" in")
            for option in valued {
                lines += ["\(option.names.joined(separator: " | ")))", "    " + action(option.completion)]
                lines += ["    return", "    ;;"]
            }
            lines.append("esac")
        }
        let optionWords = action(.list(command.namedArguments.flatMap(\.names)))
        lines += [
            "if [[ \"$cur\" == -* ]]; then",
            "    " + optionWords,
            "    return",
            "fi",
        ]
        if !command.subcommands.isEmpty { return lines + [action(.list(command.subcommands.map(\.name)))] }
        let positionals = command.positionalArguments
        // Nothing to complete in place of a value: the options are the useful words.
        guard positionals.contains(where: { $0.completion != nil }) else { return lines + [optionWords] }
        let skipped = "|" + valued.flatMap(\.names).joined(separator: "|") + "|"
        lines.append(
            "case \"$(\(prefix)_position \"$start\" \(ShellQuoting.singleQuoted(skipped)))\" in")
        for (index, argument) in positionals.enumerated() {
            let pattern = argument.isRepeating ? "*" : String(index)
            lines += ["\(pattern))", "    " + action(argument.completion), "    ;;"]
        }
        lines.append("esac")
        return lines
    }

    /// The command offering a value of the given kind.
    private func action(_ completion: CompletionKind?) -> String {
        switch completion {
        case .file: "\(prefix)_files"
        case .directory: "\(prefix)_files -d"
        case .list(let words): "\(prefix)_words \(ShellQuoting.singleQuoted(words.joined(separator: " ")))"
        case nil: ":"
        }
    }
}
