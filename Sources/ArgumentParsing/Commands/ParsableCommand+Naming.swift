extension ParsableCommand {
    /// The name the user types: the configured name, else the type name in kebab case.
    static var commandName: String {
        configuration.commandName ?? String(describing: Self.self).kebabCased
    }
}
