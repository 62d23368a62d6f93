/// A command's usage line, kept as unbreakable units so that wrapping never separates
/// an option from its value: `backupctl export`, `[--store <path>]`, `[--level <n>]`.
struct UsageSynopsis: Equatable, Sendable {
    var units: [String]

    /// The synopsis of a command: its path, its declarations in declaration order, and
    /// `<subcommand>` when it has subcommands.
    init(command: ResolvedCommand) {
        units = [command.path.joined(separator: " ")]
        units += command.signature.arguments.map(Self.unit(for:))
        if command.hasSubcommands { units.append("<subcommand>") }
    }

    /// The synopsis after `prefix` and a space, wrapped at the screen width with
    /// continuation lines aligned after the prefix.
    func wrapped(prefix: String) -> String {
        let indent = String(repeating: " ", count: prefix.count + 1)
        let width = TextWrapper.screenWidth
        let lines = TextWrapper.fill([prefix] + units, firstWidth: width, width: width - indent.count)
        return ([lines[0]] + lines.dropFirst().map { indent + $0 }).joined(separator: "\n")
    }

    private static func unit(for argument: DeclaredArgument) -> String {
        let definition = argument.definition
        let label = argument.synopsisLabel + (definition.isRepeating ? " ..." : "")
        return definition.isRequired ? label : "[\(label)]"
    }
}
