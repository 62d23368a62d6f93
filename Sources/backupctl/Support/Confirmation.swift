import DurableIO
import Foundation

/// The question asked before something that cannot be undone (`prune`; `import` and
/// `restore` with `--mode replace --no-safety-snapshot`), when a person is there to answer
/// it: standard input is a terminal and `--yes` was not given. Without a terminal — cron, a
/// pipe, a script — nothing is asked and the command goes ahead, as it always did.
///
/// The question and what will go are written to standard error, so standard output keeps
/// only the report (or the JSON document). An answer other than `y` or `yes`, an empty line,
/// or the end of input declines: the command changes nothing and exits 2 (`declined`).
enum Confirmation {
    /// Whether to ask: `--yes` was not given and standard input is a terminal.
    static func isNeeded(yes: Bool) -> Bool {
        !yes && DescriptorIO.standardInput.isTerminal
    }

    /// Shows what will go, asks `question` and reads the answer from standard input.
    /// - Parameters:
    ///   - what: what cannot be undone, as lines for a person (a table of what goes).
    ///   - question: a yes-or-no question, without the `[y/N]` this adds.
    /// - Returns: whether the answer was `y` or `yes` (in any case).
    static func ask(_ what: String, _ question: String) -> Bool {
        DescriptorIO.standardError.writeMessage(TerminalText.escapingControls(what + "\n" + question) + " [y/N] ")
        guard let answer = readLine(strippingNewline: true) else {
            DescriptorIO.standardError.writeMessage("\n")
            return false
        }
        return ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
    }

    /// The failure when the answer was no.
    /// - Parameters:
    ///   - what: what did not happen, as in "Nothing was imported".
    ///   - hint: how to go ahead without the question, or more safely.
    static func declined(_ what: String, hint: String, details: ReportFields = [:]) -> CommandFailure {
        CommandFailure(.declined, "\(what): the question was not answered yes.", hint: hint, details: details)
    }
}
