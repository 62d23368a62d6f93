import Foundation

/// Asks a generated completion script what it offers, as the shell itself would when the
/// user presses Tab: bash through the function the script registers, fish through
/// `complete -C`, zsh (whose completion needs a live line editor) by loading the script
/// with `compinit` and listing what it defines.
public final class CompletionProbe {
    private let folder: TemporaryDirectory
    private let scriptPath: String
    /// The tool's name, the first word of every command line.
    public let tool: String

    /// Saves `script` for the shells to load.
    public init(script: String, tool: String) throws {
        folder = try TemporaryDirectory(prefix: "completion")
        scriptPath = folder.file("script").path
        try Data(script.utf8).write(to: URL(fileURLWithPath: scriptPath))
        self.tool = tool
    }

    /// What bash offers for the last of `words` (the tool's name comes first; pass `""` to
    /// complete a new word), run in `directory` so file names come from there.
    public func bash(_ words: [String], in directory: URL? = nil) throws -> [String] {
        let driver = """
            source "$0" || exit 1
            COMP_WORDS=("$@")
            COMP_CWORD=$(($# - 1))
            COMP_LINE="$*"
            COMP_POINT=${#COMP_LINE}
            spec=$(complete -p "$1") || exit 1
            function=${spec#*-F }
            function=${function%% *}
            "$function" 2>/dev/null
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let output = try ProcessRunner.run(
            "bash", ["-c", driver, scriptPath] + words, currentDirectory: directory ?? folder.url)
        guard output.status == 0 else { throw ProbeFailure(shell: "bash", output: output) }
        return output.stdoutText.split(separator: "\n").map(String.init)
    }

    /// What fish offers at the end of `commandLine` (`"backupctl export --"`), without the
    /// descriptions, run in `directory` so file names come from there.
    public func fish(_ commandLine: String, in directory: URL? = nil) throws -> [String] {
        let output = try ProcessRunner.run(
            "fish", ["--no-config", "-c", "source $argv[1]; and complete -C $argv[2]", scriptPath, commandLine],
            currentDirectory: directory ?? folder.url)
        guard output.status == 0 else { throw ProbeFailure(shell: "fish", output: output) }
        return output.stdoutText.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
    }

    /// What fish offers, with each candidate's description.
    public func fishDescriptions(_ commandLine: String) throws -> [String: String] {
        let output = try ProcessRunner.run(
            "fish", ["--no-config", "-c", "source $argv[1]; and complete -C $argv[2]", scriptPath, commandLine],
            currentDirectory: folder.url)
        guard output.status == 0 else { throw ProbeFailure(shell: "fish", output: output) }
        var descriptions: [String: String] = [:]
        for line in output.stdoutText.split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1)
            descriptions[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        return descriptions
    }

    /// Loads the script into zsh after `compinit`, as `source <(tool completions zsh)` does.
    /// - Returns: the function zsh now completes the tool with, and every function named
    ///   after the tool.
    public func zsh() throws -> (completer: String, functions: [String]) {
        let driver = """
            autoload -Uz compinit && compinit -u -D || exit 1
            source "$1" || exit 1
            print -r -- "${_comps[$2]}"
            print -rl -- ${(k)functions[(I)_$2*]}
            """
        let output = try ProcessRunner.run("zsh", ["-f", "-c", driver, "zsh", scriptPath, tool])
        guard output.status == 0 else { throw ProbeFailure(shell: "zsh", output: output) }
        let lines = output.stdoutText.split(separator: "\n").map(String.init)
        return (lines.first ?? "", Array(lines.dropFirst()))
    }

    /// A shell that failed to load the script.
    public struct ProbeFailure: Error, CustomStringConvertible {
        public var shell: String
        public var output: ProcessOutput
        public var description: String { "\(shell) exited \(output.status): \(output.stderrText)" }
    }
}
