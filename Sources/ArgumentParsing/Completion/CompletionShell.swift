/// The shells a completion script can be generated for.
///
/// ```swift
/// let script = CompletionShell.zsh.script(for: CommandInfo(root: Backupctl.self))
/// ```
public enum CompletionShell: String, CaseIterable, Sendable, ExpressibleByArgument {
    case bash, zsh, fish

    /// The completion script for `tool`: its commands, options, enum values and file
    /// arguments, from the same declarations the parser reads.
    /// - Parameter tool: The resolved command tree, from its root.
    /// - Returns: The script's text, ending with a newline.
    public func script(for tool: CommandInfo) -> String {
        switch self {
        case .bash: BashCompletionScript(tool: tool).text
        case .zsh: ZshCompletionScript(tool: tool).text
        case .fish: FishCompletionScript(tool: tool).text
        }
    }
}
