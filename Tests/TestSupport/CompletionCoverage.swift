import ArgumentParsing
import Foundation

/// Compares what a tool's completion scripts offer with its declarations, command by
/// command: every option and flag after `-`, every subcommand where there are some, every
/// listed value after its option or in place of its argument. Expectations come from the
/// declarations (`CommandInfo`), never from a hand-written list.
public enum CompletionCoverage {
    /// What bash gets wrong, one line per mismatch; empty when it offers exactly what is declared.
    public static func bashMismatches(_ probe: CompletionProbe, tool: CommandInfo) throws -> [String] {
        try mismatches(tool: tool) { path, word in try probe.bash(path + [word]) }
    }

    /// What fish gets wrong, one line per mismatch; empty when it offers exactly what is declared.
    public static func fishMismatches(_ probe: CompletionProbe, tool: CommandInfo) throws -> [String] {
        try mismatches(tool: tool) { path, word in try probe.fish((path + [word]).joined(separator: " ")) }
    }

    /// What the zsh script lacks: the completer zsh registers for the tool, a function for
    /// every command, and every option's names inside its command's function.
    public static func zshMismatches(script: String, _ probe: CompletionProbe, tool: CommandInfo) throws -> [String] {
        var problems: [String] = []
        let loaded = try probe.zsh()
        let rootFunction = functionName(tool.path)
        if loaded.completer != rootFunction {
            problems.append("zsh completes \(tool.name) with '\(loaded.completer)', not \(rootFunction)")
        }
        for command in tool.allCommands {
            let function = functionName(command.path)
            guard loaded.functions.contains(function),
                let start = script.range(of: "\n\(function)() {\n"),
                let end = script.range(of: "\n}\n", range: start.upperBound..<script.endIndex)
            else {
                problems.append("zsh defines no \(function) for '\(command.usage)'")
                continue
            }
            let body = script[start.upperBound..<end.lowerBound]
            for name in command.namedArguments.flatMap(\.names) {
                let written = ["[", "'", ",", "}"].contains { body.contains(name + $0) }
                if !written { problems.append("zsh's \(function) does not offer \(name)") }
            }
            if !command.subcommands.isEmpty {
                for subcommand in command.subcommands where !body.contains("'\(subcommand.name):") {
                    problems.append("zsh's \(function) does not offer the command \(subcommand.name)")
                }
            }
        }
        return problems
    }

    /// The shell function the scripts complete a command with: `_backupctl_export`.
    public static func functionName(_ path: [String]) -> String {
        "_" + path.map { String($0.map { $0.isLetter || $0.isNumber ? $0 : "_" }) }.joined(separator: "_")
    }

    /// Runs the checks through `offered(path, word)`: what the shell offers for `word` typed
    /// after the command `path`.
    private static func mismatches(tool: CommandInfo, offered: ([String], String) throws -> [String]) throws
        -> [String]
    {
        var problems: [String] = []
        func expect(_ path: [String], _ word: String, _ expected: [String]) throws {
            let got = Set(try offered(path, word))
            if got != Set(expected) {
                problems.append(
                    "'\((path + [word]).joined(separator: " "))' offers \(got.sorted()), expected \(expected.sorted())")
            }
        }
        for command in tool.allCommands {
            try expect(command.path, "-", command.namedArguments.flatMap(\.names))
            if !command.subcommands.isEmpty {
                try expect(command.path, "", command.subcommands.map(\.name))
            }
            for option in command.namedArguments {
                guard case .list(let values) = option.completion else { continue }
                for name in option.names { try expect(command.path + [name], "", values) }
            }
            if case .list(let values) = command.positionalArguments.first?.completion {
                try expect(command.path, "", values)
            }
        }
        return problems
    }
}
