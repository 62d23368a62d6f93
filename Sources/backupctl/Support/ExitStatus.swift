/// The exit statuses of design §7: stable, documented, and what cron and monitors act on.
enum ExitStatus: Int32, Sendable {
    /// Success; notes and warnings may have been printed.
    case success = 0
    /// An unexpected failure.
    case failure = 1
    /// The command line was not understood.
    case usage = 64
    /// Invalid data: a corrupt archive, a checksum mismatch, validation errors.
    case invalidData = 65
    /// The input was not found: the backup file or the store.
    case notFound = 66
    /// The output cannot be created.
    case cannotCreate = 73
    /// An I/O error: disk full, a read error.
    case ioError = 74
    /// Another backupctl holds the lock; try again later.
    case busy = 75
    /// Written by a newer version: refused, nothing changed.
    case newerVersion = 76

    /// The name printed in JSON output.
    var name: String {
        switch self {
        case .success: "success"
        case .failure: "failure"
        case .usage: "usage"
        case .invalidData: "invalid-data"
        case .notFound: "not-found"
        case .cannotCreate: "cannot-create"
        case .ioError: "io-error"
        case .busy: "busy"
        case .newerVersion: "newer-version"
        }
    }
}

/// A failure ready to report: the status, a sentence saying what went wrong, and a hint.
struct CommandFailure: Error, Sendable {
    var status: ExitStatus
    var message: String
    var hint: String?
    /// Set when the command already printed its own report (validate's findings) and only
    /// the status remains to be returned.
    var alreadyReported = false

    init(_ status: ExitStatus, _ message: String, hint: String? = nil, alreadyReported: Bool = false) {
        self.status = status
        self.message = message
        self.hint = hint
        self.alreadyReported = alreadyReported
    }
}
