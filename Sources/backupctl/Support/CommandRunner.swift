import ArgumentParsing
import Foundation
import JSONCore

/// Parses the command line, runs the command and reports how it ended.
enum CommandRunner {
    static func run(_ arguments: [String]) -> ExitStatus {
        switch CommandLineParser(root: Backupctl.self).parse(arguments) {
        case .help(let text), .version(let text):
            Console.write(text + "\n", to: STDOUT_FILENO)
            return .success
        case .usageError(let error):
            Console.write(error.description + "\n", to: STDERR_FILENO)
            if arguments.contains("--json") {
                emitFailureJSON(CommandFailure(.usage, error.message, hint: error.helpHint))
            }
            return .usage
        case .command(var command):
            let json = (command as? any BackupctlCommand)?.common.json ?? false
            let payloadOnStandardOutput = (command as? any BackupctlCommand)?.writesPayloadToStandardOutput ?? false
            let report = { (failure: CommandFailure) -> ExitStatus in
                if !failure.alreadyReported {
                    Console.write("error: \(failure.message)\n", to: STDERR_FILENO)
                    if let hint = failure.hint { Console.write("hint: \(hint)\n", to: STDERR_FILENO) }
                    if json { emitFailureJSON(failure, to: payloadOnStandardOutput ? STDERR_FILENO : STDOUT_FILENO) }
                }
                return failure.status
            }
            // Binary on a terminal is garbage on the screen and can upset the terminal itself.
            if payloadOnStandardOutput && Console.stdoutIsTerminal {
                return report(
                    CommandFailure(
                        .usage, "Standard output is a terminal; the backup is binary, so it was not written.",
                        hint: "Redirect standard output to a file or a pipe (`> backup.ddbackup`, `| ssh …`), "
                            + "or pass -o FILE."))
            }
            do {
                try command.run()
                return .success
            } catch {
                return report(ErrorClassifier.classify(error))
            }
        }
    }

    /// The one JSON document printed on failure.
    static func emitFailureJSON(_ failure: CommandFailure, to descriptor: Int32 = STDOUT_FILENO) {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("ok")
        writer.bool(false)
        writer.key("exitCode")
        writer.int(Int(failure.status.rawValue))
        writer.key("status")
        writer.string(failure.status.name)
        writer.key("error")
        writer.string(failure.message)
        if let hint = failure.hint {
            writer.key("hint")
            writer.string(hint)
        }
        writer.endObject()
        writer.bytes.withUnsafeBytes { Console.write($0, to: descriptor) }
        Console.write("\n", to: descriptor)
    }
}
