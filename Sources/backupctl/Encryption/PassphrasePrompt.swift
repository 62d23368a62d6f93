import Cryptography
import Glibc

/// Asks for a passphrase on the terminal (`/dev/tty`) with echo turned off, as `age` and ssh do.
///
/// Only offered when standard input is a terminal, so scripts, cron and tests never block on it.
enum PassphrasePrompt {
    /// The longest passphrase read.
    static let maximumLength = 4096

    /// A prompt when standard input is a terminal; `nil` otherwise. It asks once per file: a
    /// command that opened a file again would be given the same answer.
    static var ifInteractive: ((String) throws -> SecretBytes)? {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        let answers = Answers()
        return { file in
            if let answer = answers.byFile[file] { return answer }
            let answer = try ask("Passphrase for \(file): ")
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
        let terminal = Glibc.open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard terminal >= 0 else {
            throw CommandFailure(
                .permission, "The backup is encrypted with a passphrase, and there is no terminal to ask for it.",
                hint: "Pass --passphrase-file FILE or set BACKUPCTL_PASSPHRASE_FILE.")
        }
        defer { Glibc.close(terminal) }
        var saved = termios()
        let canSilence = tcgetattr(terminal, &saved) == 0
        if canSilence {
            var silent = saved
            silent.c_lflag &= ~tcflag_t(ECHO)
            _ = tcsetattr(terminal, TCSANOW, &silent)
        }
        defer {
            if canSilence { _ = tcsetattr(terminal, TCSANOW, &saved) }
            Console.write("\n", to: terminal)
        }
        Console.write(prompt, to: terminal)
        var length = 0
        let line = SecretBytes(count: maximumLength) { buffer in
            var byte: UInt8 = 0
            while length < buffer.count, read(terminal, &byte, 1) == 1, byte != 0x0A {
                buffer[length] = byte
                length += 1
            }
            byte = 0
        }
        guard length > 0 else { throw CommandFailure(.permission, "No passphrase was entered.") }
        return SecretBytes(prefix: length, of: line)
    }
}
