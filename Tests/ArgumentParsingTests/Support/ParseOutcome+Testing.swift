import ArgumentParsing

/// Parses with the test command tree.
func parse(_ arguments: [String]) -> ParseOutcome {
    CommandLineParser(root: TestRoot.self).parse(arguments)
}

extension ParseOutcome {
    /// The ready command, if the outcome is one.
    var command: (any ParsableCommand)? {
        if case .command(let command) = self { return command }
        return nil
    }

    /// The help text, if the outcome is a help request.
    var helpText: String? {
        if case .help(let text) = self { return text }
        return nil
    }

    /// The version text, if the outcome is a version request.
    var versionText: String? {
        if case .version(let text) = self { return text }
        return nil
    }

    /// The usage error, if the outcome is one.
    var usageError: UsageError? {
        if case .usageError(let error) = self { return error }
        return nil
    }
}
