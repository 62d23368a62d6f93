import Cryptography
import DurableIO

/// Asks for a passphrase on the terminal (`/dev/tty`) with echo turned off, as `age` and ssh do.
///
/// Only offered when standard input is a terminal, so scripts, cron and tests never block on it.
enum PassphrasePrompt {
    /// The longest passphrase read.
    static let maximumLength = 4096

    /// A prompt when standard input is a terminal; `nil` otherwise. It asks once per file: a
    /// command that opened a file again would be given the same answer.
    static var ifInteractive: ((String) throws -> SecretBytes)? {
        guard DescriptorIO.standardInput.isTerminal else { return nil }
        let answers = Answers()
        return { file in
            if let answer = answers.byFile[file] { return answer }
            let answer = try ask("Passphrase for \(TerminalText.line(file)): ")
            answers.byFile[file] = answer
            return answer
        }
    }

    /// The passphrases typed so far, by file; one prompt's, on one thread.
    private final class Answers {
        var byFile: [String: SecretBytes] = [:]
    }

    /// Prints `prompt` to the terminal and reads one line without echo.
    static func ask(_ prompt: String) throws -> SecretBytes {
        guard let terminal = try? FileDescriptor.openTerminal() else {
            throw CommandFailure(
                .permission, "The backup is encrypted with a passphrase, and there is no terminal to ask for it.",
                hint: "Pass --passphrase-file FILE or set BACKUPCTL_PASSPHRASE_FILE.")
        }
        var length = 0
        let line = SecretBytes(count: maximumLength) { buffer in
            length = terminal.readLineWithoutEcho(prompt: prompt, into: buffer)
        }
        guard length > 0 else { throw CommandFailure(.permission, "No passphrase was entered.") }
        return SecretBytes(prefix: length, of: line)
    }
}
