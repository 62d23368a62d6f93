import ArgumentParsing
import BackupFormat
import DataPortability
import Foundation

/// `backupctl import`: validates a backup and brings it into the store in one transaction.
struct ImportCommand: BackupctlCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a backup into the store.",
        discussion: """
            Reads the backup (any version; older ones are upgraded), validates it — any error \
            refuses the import with exit 65, a newer version with exit 76 — migrates the store to \
            the current version, and saves every section through the deduplicating save paths, \
            all in one transaction: a failed import leaves the store exactly as it was. Before \
            writing, a safety snapshot — a copy of the store file — is made next to it; the \
            printed undo, `backupctl import SNAPSHOT --mode replace --store STORE`, restores \
            every key as it was (given a store file, import restores it whole). A missing store \
            is created; it appears only when the import commits, so a refused or failed import \
            leaves nothing behind. A replace without a safety snapshot cannot be undone: on a \
            terminal it shows what it would remove and replace, and asks first (--yes skips the \
            question; a no exits 2). An encrypted backup is read with --identity or \
            --passphrase-file (or their variables, or a prompt on a terminal); when no key given \
            opens it, the import exits 77 before the store is touched (see Docs/encryption.md).
            """,
        examples: [
            CommandExample("See what a backup would change, writing nothing", "backupctl import b.ddbackup --dry-run"),
            CommandExample("Merge a backup into the default store", "backupctl import b.ddbackup"),
            CommandExample(
                "Make each section of the store the backup's", "backupctl import b.ddbackup --mode replace"),
            CommandExample("Import a backup from another machine", "ssh host cat b.ddbackup | backupctl import -"),
            CommandExample(
                "Import a backup from S3-compatible object storage", "backupctl import s3://bucket/domaindig/b.ddbackup"
            ),
            CommandExample(
                "Undo an import: restore the safety snapshot it printed",
                "backupctl import SNAPSHOT --mode replace --store s.sqlite"),
        ])

    @Argument(
        help: ArgumentHelp(
            "The backup file, s3://bucket/key, or - for standard input; or a safety snapshot to restore.",
            valueName: "file"),
        completion: .file)
    var file: String

    @OptionGroup var options: ImportOptions

    @OptionGroup var common: CommonOptions

    func execute(_ console: Console) throws -> ReportFields {
        try ImportRun(options: options, common: common).run(
            backup: file, keys: try options.decryption.keys(console: console).decryption, console: console
        ).fields
    }
}
