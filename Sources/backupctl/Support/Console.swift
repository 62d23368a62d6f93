import AgeEncryption
import DurableIO
import Foundation

/// Where commands print: results on stdout, errors, warnings and progress on stderr.
///
/// Human output is suppressed by `--quiet`; with `--json` the only thing on stdout is one
/// JSON document, which `CommandRunner` writes (`JSONEnvelope`) with the warnings given here.
struct Console {
    var options: CommonOptions
    /// Set when stdout carries data (an archive on `-o -`): output then goes to stderr.
    var standardOutputIsPayload = false
    /// Whether the human-readable report is printed: `backup` prints one only to a terminal,
    /// while its warnings still go to standard error (cron mails them).
    var printsReport = true
    /// The warnings given, for the JSON document; shared by every copy of this console.
    let warnings = WarningLog()

    /// Where the report and the JSON document go: standard output, or standard error when
    /// standard output carries the archive.
    var output: DescriptorIO { standardOutputIsPayload ? .standardError : .standardOutput }

    /// Whether standard output is a terminal (cron and pipes are not).
    static var stdoutIsTerminal: Bool { DescriptorIO.standardOutput.isTerminal }

    /// Prints a line for a person unless `--quiet` or `--json` was given. It is one line
    /// whatever it quotes: a line break in a value is written out (`TerminalText.line`).
    func print(_ line: String) {
        guard printsReport, !options.quiet, !options.json else { return }
        output.writeMessage(TerminalText.line(line) + "\n")
    }

    /// Prints lines for a person — a table, a list — each as ``print(_:)`` prints one.
    func print(lines: [String]) {
        for line in lines { print(line) }
    }

    /// Prints a warning on stderr (unless `--quiet`) and lists it in the JSON document.
    func warn(_ warning: CommandWarning) {
        let warning = warning.redactingSecrets
        warnings.append(warning)
        guard !options.quiet else { return }
        DescriptorIO.standardError.writeMessage("warning: \(TerminalText.line(warning.message))\n")
    }

    /// Lists a warning in the JSON document only: the human report shows it its own way.
    func record(_ warning: CommandWarning) {
        warnings.append(warning.redactingSecrets)
    }

    /// Warns about the temporary copies killed writers had left beside a store, which a
    /// command that took the store's lock removed.
    static func reportRemovedLeftovers(_ removed: [URL], to console: Console) {
        for url in removed {
            console.warn(
                CommandWarning(
                    "store.leftover-removed",
                    "removed \(url.path), a temporary copy an interrupted write to the store had left", file: url.path))
        }
    }
}
