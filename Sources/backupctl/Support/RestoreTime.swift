import ArgumentParsing
import DataPortability
import DomainModel
import Foundation

/// The time `restore --before` takes, in any of the forms a user has at hand:
///
/// - an ISO 8601 date-time with its zone: `2026-01-18T09:00:00Z`, `2026-01-18T11:00:00+02:00`
///   (a space may replace the `T`; fractions of a second are allowed);
/// - a date, meaning its first instant in UTC: `2026-01-18`;
/// - the time in a backup's name, in UTC: `20260118T090000Z`;
/// - a backup's name (or path): `domaindig-20260118T090000Z.ddbackup` — the restore then takes the
///   newest backup from before that one.
///
/// A date-time without a zone is refused rather than guessed: backup names are in UTC.
struct RestoreTime: ExpressibleByArgument, Sendable {
    var date: Date
    /// As typed, for messages.
    var text: String

    init?(argument: String) {
        let characters = Array(argument)
        let iso =
            characters.count > 10 && characters[10] == " "
            ? String(characters[..<10]) + "T" + String(characters[11...]) : argument
        guard
            let date = Timestamp.parse(iso) ?? Timestamp.parse(iso + "T00:00:00Z")
                ?? BackupDirectory.time(fromName: "domaindig-\(argument).ddbackup")
                ?? BackupDirectory.time(fromName: (argument as NSString).lastPathComponent)
        else { return nil }
        self.date = date
        text = argument
    }

    static var expectedValueDescription: String {
        "a time with its zone such as 2026-01-18T09:00:00Z or 2026-01-18T11:00:00+02:00, a date such as "
            + "2026-01-18 (midnight UTC), or a backup name's UTC time such as 20260118T090000Z"
    }

    var defaultValueDescription: String { text }
}
