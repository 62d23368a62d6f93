import ArgumentParsing
import DataPortability
import DataStore
import Foundation

/// The manual page's sections that no declaration holds: the exit statuses, the
/// environment and the files backupctl reads and writes.
enum BackupctlManual {
    static var sections: [ManualPage.Section] {
        let storeLock = StoreLock.lockURL(forStoreAt: URL(fileURLWithPath: "STORE")).lastPathComponent
        let backup = "DIR/domaindig-YYYYMMDDTHHMMSSZ.ddbackup"
        return [
            ManualPage.Section(
                title: "EXIT STATUS",
                introduction:
                    "Stable, so scripts and monitors can act on them; with --json the failure document names them too.",
                entries: ExitStatus.allCases.map { (term: "\($0.rawValue) (\($0.name))", text: $0.meaning) }),
            ManualPage.Section(
                title: "ENVIRONMENT",
                introduction:
                    "Without --store, the first of DOMAINDIG_STORE, XDG_DATA_HOME and HOME that is set gives the store's "
                    + "path; empty variables count as unset.",
                entries: [
                    (term: StoreLocator.storeVariable, text: "The store's path."),
                    (
                        term: "XDG_DATA_HOME",
                        text: "The store is $XDG_DATA_HOME/domaindig/store.sqlite (only when it is an absolute path)."
                    ),
                    (term: "HOME", text: "The store is $HOME/.local/share/domaindig/store.sqlite."),
                    (
                        term: "TMPDIR",
                        text:
                            "Where a backup read from standard input, and an archive written to standard output, wait while they are read or written (default /tmp)."
                    ),
                    (
                        term: DecryptionOptions.identityVariable,
                        text:
                            "Without --identity: an age identity file (as age-keygen writes it) for reading encrypted backups. It names the file; it never holds the key."
                    ),
                    (
                        term: DecryptionOptions.passphraseVariable,
                        text:
                            "Without --passphrase-file: a file whose first line is the passphrase of passphrase-encrypted backups to read."
                    ),
                ]),
            ManualPage.Section(
                title: "FILES",
                entries: [
                    (
                        term: "~/.local/share/domaindig/store.sqlite",
                        text: "The default store (see ENVIRONMENT), with its -wal and -shm files while it is open."
                    ),
                    (
                        term: storeLock,
                        text: "The lock a command writing the store holds (flock); a second one exits 75."
                    ),
                    (
                        term: "STORE.before-import-YYYYMMDDTHHMMSSZ.sqlite",
                        text:
                            "The safety snapshot import writes next to the store before changing it: a copy of the store file (.plist for a property-list store); undo an import with backupctl import SNAPSHOT --mode replace --store STORE."
                    ),
                    (term: backup, text: "A backup written by backup --dir, named after its UTC time."),
                    (
                        term: "DIR/" + BackupDirectory.lockFileName,
                        text: "The lock of a backup directory, held by backup and prune."
                    ),
                    (
                        term: backup + BackupDirectory.unverifiedSuffix,
                        text: "A new backup that failed its read-back check: kept as evidence, never counted as good."
                    ),
                ]),
        ]
    }
}
