import ArgumentParsing

/// `backupctl inspect FILE|- [<limit>]`: a required and an optional positional argument,
/// the latter an integer declared `= nil`, and repeatable positional values.
struct TestInspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Describe a backup without importing it.")

    @Argument(help: ArgumentHelp("The backup to inspect, or - to read standard input.", valueName: "file"))
    var file: String

    @Argument(help: ArgumentHelp("Show at most this many records per section.", valueName: "limit"))
    var limit: Int? = nil

    @Argument(help: ArgumentHelp("The sections to show.", valueName: "section"))
    var sections = ["manifest"]
}
