/// One pass over a command line: walks the tokens, descends into subcommands, fills the
/// reached command's declarations, and decides the outcome.
///
/// After the first error the rest of the line is only searched for `-h`/`--help`, so that
/// asking for help works even on a line that would not parse.
struct CommandLineScanner {
    private let tokens: [String]
    private var index = 0
    private var command: ResolvedCommand
    private var positionalValues: [String] = []
    private var optionsEnded = false
    private var helpRequested = false
    private var firstError: ArgumentParsingError?

    init(root: any ParsableCommand.Type, tokens: [String]) {
        self.tokens = tokens
        command = ResolvedCommand(type: root, parentPath: [])
    }

    /// Consumes the command line and decides what it asks for.
    mutating func outcome() -> ParseOutcome {
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            if let decided = scan(token) { return decided }
        }
        return finish()
    }

    /// Handles one token; returns an outcome when the token alone decides it.
    private mutating func scan(_ token: String) -> ParseOutcome? {
        if token == "--" && !optionsEnded {
            optionsEnded = true
            return nil
        }
        if firstError != nil {
            if !optionsEnded && (token == "-h" || token == "--help") { helpRequested = true }
            return nil
        }
        if !optionsEnded && Self.looksLikeOption(token) { return scanOption(token) }
        return scanPositional(token)
    }

    private mutating func scanOption(_ token: String) -> ParseOutcome? {
        var typedName = token
        var attachedValue: String?
        if token.hasPrefix("--"), let equals = token.firstIndex(of: "=") {
            typedName = String(token[..<equals])
            attachedValue = String(token[token.index(after: equals)...])
        }
        if typedName == "-h" || typedName == "--help" {
            helpRequested = true
            return nil
        }
        if let name = Self.argumentName(typedName), let argument = command.signature.argument(named: name) {
            fill(argument, typedName: typedName, attachedValue: attachedValue)
            return nil
        }
        if typedName == "--version" && command.offersVersionFlag, let version = command.configuration.version {
            return .version(version)
        }
        var knownNames = command.signature.namedArguments.flatMap { $0.names.map(String.init(describing:)) }
        knownNames += ["--help"] + (command.offersVersionFlag ? ["--version"] : [])
        let suggestion = NameSuggestion.closest(to: typedName, among: knownNames.filter { $0.hasPrefix("--") })
        firstError = .unknownOption(typedName, suggestion: suggestion)
        return nil
    }

    private mutating func fill(_ argument: DeclaredArgument, typedName: String, attachedValue: String?) {
        if argument.definition.kind == .flag {
            if let attachedValue {
                firstError = .unexpectedValue(flag: typedName, value: attachedValue)
            } else {
                _ = argument.storage.accept(typedName)
            }
            return
        }
        guard let value = attachedValue ?? takeValueToken() else {
            firstError = .missingValue(option: "\(typedName) <\(argument.valueName)>")
            return
        }
        firstError = argument.accept(value, as: typedName)
    }

    /// The next token if it is a value rather than an option: `-` and negative numbers are values.
    private mutating func takeValueToken() -> String? {
        guard index < tokens.count, !Self.looksLikeOption(tokens[index]), tokens[index] != "--" else { return nil }
        index += 1
        return tokens[index - 1]
    }

    private mutating func scanPositional(_ token: String) -> ParseOutcome? {
        guard command.hasSubcommands else {
            positionalValues.append(token)
            return nil
        }
        if token == HelpCommand.commandName && command.offersHelpSubcommand { return helpForNamedSubcommand() }
        guard let subcommand = command.subcommand(named: token) else {
            return command.usageError(unknownSubcommand(token, of: command))
        }
        command = ResolvedCommand(type: subcommand, parentPath: command.path)
        return nil
    }

    /// `help [name ...]`: the help of the command the names lead to, or of the root;
    /// `help help` is the help of `help` itself.
    private mutating func helpForNamedSubcommand() -> ParseOutcome {
        var target = command
        for name in tokens[index...] where !name.hasPrefix("-") {
            if name == HelpCommand.commandName && target.offersHelpSubcommand {
                target = ResolvedCommand(type: HelpCommand.self, parentPath: target.path)
                continue
            }
            guard target.hasSubcommands else { return target.usageError(.unexpectedArgument(name)) }
            guard let subcommand = target.subcommand(named: name) else {
                return target.usageError(unknownSubcommand(name, of: target))
            }
            target = ResolvedCommand(type: subcommand, parentPath: target.path)
        }
        return .help(target.helpText)
    }

    private func unknownSubcommand(_ name: String, of parent: ResolvedCommand) -> ArgumentParsingError {
        let available = parent.subcommandNames
        let suggestion = NameSuggestion.closest(to: name, among: available)
        return .unknownSubcommand(name, suggestion: suggestion, available: available)
    }

    /// Decides the outcome once every token is consumed.
    private mutating func finish() -> ParseOutcome {
        // A help request wins over mistakes on the same line; a mistake wins over a bare group.
        if helpRequested { return .help(command.helpText) }
        if let firstError { return command.usageError(firstError) }
        if command.hasSubcommands { return .help(command.helpText) }
        if let error = assignPositionalValues() ?? missingRequiredValue() { return command.usageError(error) }
        do {
            for group in command.signature.groups { try group.validate() }
            var instance = command.instance
            try instance.validate()
            return .command(instance)
        } catch {
            // A ValidationError describes itself by its message.
            return command.usageError(.validationFailed(String(describing: error)))
        }
    }

    private func assignPositionalValues() -> ArgumentParsingError? {
        var remaining = positionalValues[...]
        for argument in command.signature.positionalArguments {
            while let value = remaining.first {
                if let error = argument.accept(value, as: "<\(argument.valueName)>") { return error }
                remaining.removeFirst()
                if !argument.definition.isRepeating { break }
            }
        }
        return remaining.first.map { .unexpectedArgument($0) }
    }

    private func missingRequiredValue() -> ArgumentParsingError? {
        guard let missing = command.signature.arguments.first(where: { !$0.storage.isSatisfied }) else { return nil }
        if missing.definition.kind == .positional { return .missingArgument(missing.synopsisLabel) }
        return .missingOption(missing.synopsisLabel)
    }

    /// `-x`, `--name` or `--name=value`; not `-`, and not a negative number such as `-3`.
    private static func looksLikeOption(_ token: String) -> Bool {
        guard token.hasPrefix("-"), token.count > 1 else { return false }
        let second = token[token.index(after: token.startIndex)]
        return !(second.isASCII && second.isNumber)
    }

    /// The declared name a typed `--name` or `-x` would be; `nil` for anything else (`-abc`).
    private static func argumentName(_ typed: String) -> ArgumentName? {
        if typed.hasPrefix("--") { return typed.count > 2 ? .long(String(typed.dropFirst(2))) : nil }
        return typed.count == 2 ? .short(typed[typed.index(after: typed.startIndex)]) : nil
    }
}
