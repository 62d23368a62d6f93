import ArgumentParsing

/// The options every backupctl command shares, embedded with `@OptionGroup`.
struct CommonOptions: ParsableArguments {
    @Flag(help: "Print one JSON document on standard output.")
    var json = false

    @Flag(name: [.short("q"), .long], help: "Print nothing but errors.")
    var quiet = false

    /// Lets tests see that a group's validate() runs, and runs before the command's.
    mutating func validate() throws {
        if json && quiet {
            throw ValidationError("--json and --quiet cannot be combined; choose one")
        }
    }
}
