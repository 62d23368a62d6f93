import DataPortability
import DomainModel

/// How `list` counts the backups it shows, in its summary line and in `--json`'s `counts`.
///
/// An encrypted backup whose contents were not read counts in two ways. With no key given it
/// was checked as far as anyone can without one (header, framing, length): it is good,
/// `checked without a key`, and `list` exits 0 (Docs/encryption.md §4). With a key given that
/// does not open it, the check asked for could not be made: it is `not checked` — neither
/// good nor a problem — and `list` exits 77.
struct ListCounts: Equatable {
    /// Backups that passed the check made.
    var good = 0
    /// Damaged, partial and future-dated files.
    var problems = 0
    /// Encrypted backups no key given opens, when a key was given.
    var notChecked = 0
    /// Encrypted backups, whatever their health.
    var encrypted = 0
    /// Encrypted good backups checked only without a key, when no key was given.
    var checkedWithoutKey = 0

    /// - Parameter keysGiven: whether an identity or passphrase was given to open encrypted backups.
    init(_ entries: [BackupDirectory.Entry], keysGiven: Bool) {
        for entry in entries {
            if entry.isEncrypted { encrypted += 1 }
            if !entry.isGood {
                problems += 1
            } else if Self.isNotChecked(entry, keysGiven: keysGiven) {
                notChecked += 1
            } else {
                good += 1
                if entry.isEncrypted && !entry.contentsChecked { checkedWithoutKey += 1 }
            }
        }
    }

    /// Whether an entry is one ``notChecked`` counts: how the table shows its integrity.
    static func isNotChecked(_ entry: BackupDirectory.Entry, keysGiven: Bool) -> Bool {
        keysGiven && entry.isGood && entry.isEncrypted && !entry.contentsChecked
    }

    /// `2 good backups, 0 problems.`, then `, 1 not checked` before the period with a key that
    /// opens not every encrypted backup, and ` 2 encrypted backups, 1 checked without a key.`
    /// (or `, 1 not opened by the keys given.`) when some are encrypted.
    var text: String {
        let notCheckedText = notChecked == 0 ? "" : ", \(notChecked) not checked"
        var line = "\(Wording.count(good, "good backup")), \(Wording.count(problems, "problem"))\(notCheckedText)."
        guard encrypted > 0 else { return line }
        let how =
            if notChecked > 0 {
                ", \(notChecked) not opened by the keys given"
            } else if checkedWithoutKey > 0 {
                ", \(checkedWithoutKey) checked without a key"
            } else {
                ""
            }
        line += " \(Wording.count(encrypted, "encrypted backup"))\(how)."
        return line
    }

    /// The counts in JSON.
    var value: ReportValue {
        .object([
            "good": .int(good), "problems": .int(problems), "notChecked": .int(notChecked),
            "encrypted": .int(encrypted), "checkedWithoutKey": .int(checkedWithoutKey),
        ])
    }
}
