import AgeEncryption
import ArgumentParsing
import DurableIO
import Foundation

/// Parses the command line, runs the command and reports how it ended: `error:` and `hint:`
/// on standard error for a failure, and with `--json` the command's one JSON document.
///
/// Every failure is printed here, and a word in it that looks like an age secret key is
/// replaced (``SecretKeyText``): a key given where a path or a name was expected is never
/// echoed, whichever message would have quoted it.
enum CommandRunner {
    static func run(_ arguments: [String]) -> ExitStatus {
        switch CommandLineParser(root: Backupctl.self).parse(arguments) {
        case .help(let text), .version(let text):
            DescriptorIO.standardOutput.writeMessage(text + "\n")
            return .success
        case .usageError(let error):
            DescriptorIO.standardError.writeMessage(
                TerminalText.escapingControls(SecretKeyText.redacting(error.description)) + "\n")
            if arguments.contains("--json") {
                // The command, when the line named one: `["backupctl", "import"]` → "import".
                let command = error.commandPath.count > 1 ? error.commandPath.dropFirst().joined(separator: " ") : nil
                JSONEnvelope(
                    command: command,
                    failure: CommandFailure(.usage, error.message, hint: error.helpHint).redactingSecrets,
                    warnings: []
                ).write(to: .standardOutput)
            }
            return .usage
        case .command(let command as any BackupctlCommand):
            return run(command)
        case .command(var command):
            // Every command of the tree is a BackupctlCommand; this runs any other as it is.
            do {
                try command.run()
                return .success
            } catch {
                return report(ErrorClassifier.classify(error), console: nil, command: nil)
            }
        }
    }

    /// Runs a parsed command and reports its outcome.
    private static func run(_ command: any BackupctlCommand) -> ExitStatus {
        let console = command.console
        let name = type(of: command).configuration.commandName ?? ""
        // Binary on a terminal is garbage on the screen and can upset the terminal itself.
        if command.writesPayloadToStandardOutput && Console.stdoutIsTerminal {
            return report(
                CommandFailure(
                    .usage, "Standard output is a terminal; the backup is binary, so it was not written.",
                    hint: "Redirect standard output to a file or a pipe (`> backup.ddbackup`, `| ssh …`), "
                        + "or pass -o FILE."),
                console: console, command: name)
        }
        do {
            let details = try command.execute(console)
            if console.options.json {
                JSONEnvelope(command: name, details: details, warnings: console.warnings.all)
                    .write(to: console.output)
            }
            return .success
        } catch {
            return report(ErrorClassifier.classify(error), console: console, command: name)
        }
    }

    /// Prints a failure on standard error and, with `--json`, its JSON document.
    private static func report(_ failure: CommandFailure, console: Console?, command: String?) -> ExitStatus {
        let failure = failure.redactingSecrets
        DescriptorIO.standardError.writeMessage("error: \(TerminalText.line(failure.message))\n")
        if let hint = failure.hint {
            DescriptorIO.standardError.writeMessage("hint: \(TerminalText.line(hint))\n")
        }
        if let console, console.options.json {
            JSONEnvelope(command: command, failure: failure, warnings: console.warnings.all)
                .write(to: console.output)
        }
        return failure.status
    }
}
