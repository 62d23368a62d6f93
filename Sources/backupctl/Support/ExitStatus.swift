import AgeEncryption
import ArgumentParsing

/// The exit statuses of design §7: stable, documented (`meaning`), and what cron and
/// monitors act on.
enum ExitStatus: Int32, Sendable, CaseIterable {
    case success = 0
    case failure = 1
    /// gh's exit status for a cancelled command.
    case declined = 2
    case usage = 64
    case invalidData = 65
    case notFound = 66
    case cannotCreate = 73
    case ioError = 74
    case busy = 75
    case newerVersion = 76
    /// sysexits' `EX_NOPERM`.
    case permission = 77

    /// A few words for the root's help: `invalid data`.
    var summary: String {
        switch self {
        case .success: "success"
        case .failure: "unexpected failure"
        case .declined: "declined"
        case .usage: "usage"
        case .invalidData: "invalid data"
        case .notFound: "input not found"
        case .cannotCreate: "cannot create output"
        case .ioError: "I/O error"
        case .busy: "busy"
        case .newerVersion: "from a newer version"
        case .permission: "permission or key"
        }
    }

    /// What it means, for the manual page's EXIT STATUS.
    var meaning: String {
        switch self {
        case .success: "Success; notes and warnings may have been printed."
        case .failure: "An unexpected failure: a bug in backupctl; please report it with the command you ran."
        case .declined:
            "The confirmation asked before something that cannot be undone was answered no, or standard input ended; nothing was changed."
        case .usage:
            "The command line was not understood, no store location is configured, binary output would go to a terminal, or a recipient, identity or key file is unusable."
        case .invalidData:
            "Invalid data: a corrupt or unsafe archive, a checksum mismatch, validation errors, a file that is not a store; an encrypted backup that fails authentication, or is cut short or extended; list with a damaged backup; backup whose new file failed its read-back."
        case .notFound: "Input not found: the backup file, the store, the backup directory, the bucket."
        case .cannotCreate: "The output cannot be created: a missing or read-only folder, no permission."
        case .ioError:
            "An I/O error: the disk is full, a read failed, the object store is unreachable or kept failing after its retries."
        case .busy: "Another backupctl holds the store's, the directory's or the prefix's lock; try again later."
        case .newerVersion: "The backup or store was written by a newer build; it was refused and nothing changed."
        case .permission:
            "Permission or key: an encrypted backup and no key given, or no key given opens it (encrypted for other recipients, wrong passphrase); the object store refused the credentials or the access, or none were found. Nothing changed."
        }
    }

    /// Every status with its summary: `0 success, 1 unexpected failure, …`.
    static var summaries: String {
        allCases.map { "\($0.rawValue) \($0.summary)" }.joined(separator: ", ")
    }

    /// The name printed in JSON output: the case's name in kebab case (`invalid-data`), so
    /// renaming a case changes the output (Docs/json-output.md lists them).
    var name: String { String(describing: self).kebabCased }
}

/// A failure ready to report: the status, a sentence saying what went wrong, a hint, and
/// the details of the command's JSON document (a validation report's findings, say).
struct CommandFailure: Error, Sendable {
    var status: ExitStatus
    var message: String
    var hint: String?
    /// What the command's `--json` document holds besides the envelope (`JSONEnvelope`).
    var details: ReportFields

    init(_ status: ExitStatus, _ message: String, hint: String? = nil, details: ReportFields = [:]) {
        self.status = status
        self.message = message
        self.hint = hint
        self.details = details
    }

    /// The failure with every word of its message and hint that looks like an age secret key
    /// replaced, for printing.
    var redactingSecrets: CommandFailure {
        var redacted = self
        redacted.message = SecretKeyText.redacting(message)
        redacted.hint = hint.map(SecretKeyText.redacting)
        return redacted
    }
}
