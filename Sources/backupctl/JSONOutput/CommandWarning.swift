import AgeEncryption
import ArgumentParsing
import Concurrency
import DataPortability
import Foundation

/// Something a command worked around or found and went on: printed as a `warning:` line on
/// standard error (or in its report), and listed under `warnings` in its JSON document.
struct CommandWarning: Sendable {
    /// A stable code, such as `backup.damaged` or `store.skipped-record` (Docs/json-output.md).
    var code: String
    /// A sentence a person can act on.
    var message: String
    /// The file it is about: a path, or a backup's name in its directory.
    var file: String?
    /// The store key it is about.
    var key: String?
    /// Where inside that key's JSON: `$[12].domain`.
    var path: String?

    init(_ code: String, _ message: String, file: String? = nil, key: String? = nil, path: String? = nil) {
        self.code = code
        self.message = message
        self.file = file
        self.key = key
        self.path = path
    }

    /// The warning with every word of its message and file name that looks like an age secret
    /// key replaced (``SecretKeyText``), as every warning is printed.
    var redactingSecrets: CommandWarning {
        var redacted = self
        redacted.message = SecretKeyText.redacting(message)
        redacted.file = file.map(SecretKeyText.redacting)
        return redacted
    }

    /// A problem in the store's data that reading it worked around (`store.skipped-record`…).
    init(_ issue: StoreIssue) {
        self.init(
            "store.\(issue.issue.kind.rawValue.kebabCased)", issue.description, key: issue.key, path: issue.issue.path)
    }

    /// A file of a backup directory that is not a good backup (`backup.damaged`,
    /// `backup.partial`, `backup.future`), or nil for a good one.
    init?(_ entry: BackupDirectory.Entry) {
        guard let message = entry.warning else { return nil }
        self.init("backup.\(entry.health.name)", message, file: entry.name)
    }

    /// An encrypted backup that could not be shown whole: no key given opens it, and it has no
    /// checksum file (`.NAME.sha256`) to compare, so retention keeps it and does not count it.
    static func unconfirmed(_ name: String) -> CommandWarning {
        CommandWarning(
            "backup.unconfirmed",
            "\(name) is encrypted and has no usable checksum file (.\(name).sha256), and no key given opens it, "
                + "so it cannot be shown whole: prune keeps it and does not count it. Verify it with "
                + "--identity FILE (or --passphrase-file FILE).",
            file: name)
    }

    var fields: ReportFields {
        [
            "code": .string(code), "message": .string(message), "file": file.map(ReportValue.string),
            "key": key.map(ReportValue.string), "path": path.map(ReportValue.string),
        ]
    }
}

/// The warnings a command gave, collected for its JSON document; shared by every copy of
/// the command's `Console`.
final class WarningLog: Sendable {
    private let warnings = Locked<[CommandWarning]>([])

    func append(_ warning: CommandWarning) {
        warnings.withLock { $0.append(warning) }
    }

    var all: [CommandWarning] { warnings.withLock { $0 } }
}
