import ArgumentParsing
import Foundation

// The thin entry point: parse, run, and turn every outcome into an exit status.
// Everything else happens in the library targets.
signal(SIGPIPE, SIG_IGN)
let arguments = Array(CommandLine.arguments.dropFirst())
let status = CommandRunner.run(arguments)
exit(status.rawValue)
