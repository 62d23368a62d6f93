import Foundation
import TestSupport
import Testing

/// One run of a command with `--json`: its arguments, the exit status it must end with, and
/// what surrounds it (a lock another process holds, where the document goes).
struct JSONScenario: Sendable, CustomTestStringConvertible {
    var status: Int32
    var arguments: [String]
    /// A lock file (relative to the workspace) another process holds during the run.
    var heldLock: String?
    /// Whether the document goes to standard error (`export -o -`, whose standard output is the archive).
    var documentOnStandardError = false

    init(_ status: Int32, _ arguments: String..., heldLock: String? = nil, documentOnStandardError: Bool = false) {
        self.status = status
        self.arguments = arguments
        self.heldLock = heldLock
        self.documentOnStandardError = documentOnStandardError
    }

    var testDescription: String { "\(status): backupctl \(arguments.joined(separator: " "))" }
}

/// The runs `JSONOutputTests` makes of every command: its success and each failure class it
/// has. The commands themselves come from the declarations, and a command without a success
/// and a usage run here fails the test (`JSONOutputTests.everyDeclaredCommandHasItsRuns`).
/// The answered-no confirmation (exit 2) is checked in `ConfirmationTests`, on a terminal.
enum JSONOutputScenarios {
    static let byCommand: [String: [JSONScenario]] = [
        "export": [
            JSONScenario(0, "export", "--store", "store.sqlite", "-o", "out.ddbackup"),
            JSONScenario(0, "export", "--store", "store.sqlite", "-o", "-", documentOnStandardError: true),
            JSONScenario(64, "export", "--store", "store.sqlite", "--level", "99"),
            JSONScenario(65, "export", "--store", "foreign.sqlite", "-o", "out.ddbackup"),
            JSONScenario(66, "export", "--store", "missing.sqlite", "-o", "out.ddbackup"),
            JSONScenario(73, "export", "--store", "store.sqlite", "-o", "nowhere/out.ddbackup"),
            JSONScenario(76, "export", "--store", "newer.sqlite", "-o", "out.ddbackup"),
            JSONScenario(
                0, "export", "--store", "store.sqlite", "-o", "out.ddbackup", "--recipients-file", "recipients.txt"),
        ],
        "import": [
            JSONScenario(0, "import", "b.ddbackup", "--store", "new.sqlite"),
            JSONScenario(0, "import", "b.ddbackup", "--store", "store.sqlite", "--dry-run", "--mode", "replace"),
            // What a merge keeps rather than overwrite: warnings; carried counts; the undo.
            JSONScenario(0, "import", "b.ddbackup", "--store", "keeps.sqlite"),
            // A store snapshot restored whole (the undo), and its dry run.
            JSONScenario(0, "import", "keeps.sqlite", "--store", "replaced.sqlite", "--mode", "replace", "--dry-run"),
            JSONScenario(0, "import", "keeps.sqlite", "--store", "replaced.sqlite", "--mode", "replace"),
            JSONScenario(64, "import", "keeps.sqlite", "--store", "store.sqlite"),
            JSONScenario(64, "import", "b.ddbackup", "--mode", "overwrite"),
            JSONScenario(65, "import", "notes.txt", "--store", "store.sqlite"),
            JSONScenario(65, "import", "truncated.ddbackup", "--store", "store.sqlite"),
            JSONScenario(65, "import", "invalidRecord.ddbackup", "--store", "store.sqlite"),
            JSONScenario(66, "import", "missing.ddbackup", "--store", "store.sqlite"),
            JSONScenario(73, "import", "b.ddbackup", "--store", "linked.sqlite"),
            JSONScenario(75, "import", "b.ddbackup", "--store", "store.sqlite", heldLock: "store.sqlite.lock"),
            JSONScenario(76, "import", "newerVersion.ddbackup", "--store", "store.sqlite"),
            JSONScenario(76, "import", "b.ddbackup", "--store", "newer.sqlite"),
            JSONScenario(0, "import", "encrypted.ddbackup", "--store", "new.sqlite", "--identity", "key.txt"),
            JSONScenario(77, "import", "encrypted.ddbackup", "--store", "store.sqlite"),
            JSONScenario(77, "import", "encrypted.ddbackup", "--store", "store.sqlite", "--identity", "stranger.txt"),
        ],
        "validate": [
            JSONScenario(0, "validate", "b.ddbackup"),
            JSONScenario(64, "validate"),
            JSONScenario(65, "validate", "invalidRecord.ddbackup"),
            JSONScenario(65, "validate", "notes.txt"),
            JSONScenario(66, "validate", "missing.ddbackup"),
            JSONScenario(76, "validate", "newerVersion.ddbackup"),
            // A key file others may read: a warning (key.accessible-to-others).
            JSONScenario(0, "validate", "encrypted.ddbackup", "--identity", "open-key.txt"),
            JSONScenario(77, "validate", "encrypted.ddbackup"),
        ],
        "inspect": [
            JSONScenario(0, "inspect", "b.ddbackup"),
            JSONScenario(64, "inspect", "b.ddbackup", "extra"),
            JSONScenario(65, "inspect", "checksumMismatch.ddbackup"),
            JSONScenario(66, "inspect", "missing.ddbackup"),
            JSONScenario(76, "inspect", "newerVersion.ddbackup"),
            JSONScenario(0, "inspect", "encrypted.ddbackup", "--identity", "key.txt"),
            JSONScenario(77, "inspect", "encrypted.ddbackup", "--identity", "stranger.txt"),
        ],
        "upgrade": [
            JSONScenario(0, "upgrade", "b.ddbackup", "-o", "upgraded.ddbackup"),
            JSONScenario(64, "upgrade", "b.ddbackup"),
            JSONScenario(65, "upgrade", "invalidRecord.ddbackup", "-o", "upgraded.ddbackup"),
            JSONScenario(66, "upgrade", "missing.ddbackup", "-o", "upgraded.ddbackup"),
            JSONScenario(73, "upgrade", "b.ddbackup", "-o", "nowhere/upgraded.ddbackup"),
            JSONScenario(76, "upgrade", "newerVersion.ddbackup", "-o", "upgraded.ddbackup"),
            // Key rotation: re-encrypted to the stranger's key; and written out in the clear, with a warning.
            JSONScenario(
                0, "upgrade", "encrypted.ddbackup", "-o", "rotated.ddbackup", "--identity", "key.txt",
                "--recipients-file", "stranger-recipients.txt"),
            JSONScenario(
                0, "upgrade", "encrypted.ddbackup", "-o", "clear.ddbackup", "--identity", "key.txt", "--decrypt"),
            JSONScenario(64, "upgrade", "encrypted.ddbackup", "-o", "clear.ddbackup", "--identity", "key.txt"),
            JSONScenario(77, "upgrade", "encrypted.ddbackup", "-o", "upgraded.ddbackup"),
        ],
        "migrate": [
            JSONScenario(0, "migrate", "--store", "old.sqlite"),
            JSONScenario(0, "migrate", "--store", "store.sqlite", "--dry-run"),
            JSONScenario(64, "migrate", "--store"),
            JSONScenario(65, "migrate", "--store", "foreign.sqlite"),
            JSONScenario(66, "migrate", "--store", "missing.sqlite"),
            JSONScenario(75, "migrate", "--store", "store.sqlite", heldLock: "store.sqlite.lock"),
            JSONScenario(76, "migrate", "--store", "newer.sqlite"),
        ],
        "status": [
            JSONScenario(0, "status", "--store", "old.sqlite"),
            JSONScenario(0, "status", "--store", "newer.sqlite"),
            JSONScenario(0, "status", "--store", "leftover.sqlite"),
            JSONScenario(64, "status", "--stroe", "store.sqlite"),
            JSONScenario(65, "status", "--store", "foreign.sqlite"),
            JSONScenario(66, "status", "--store", "missing.sqlite"),
        ],
        "backup": [
            JSONScenario(0, "backup", "--dir", "fresh", "--store", "store.sqlite", "--keep-last", "1"),
            JSONScenario(64, "backup", "--store", "store.sqlite"),
            JSONScenario(65, "backup", "--dir", "fresh", "--store", "foreign.sqlite"),
            JSONScenario(66, "backup", "--dir", "fresh", "--store", "missing.sqlite"),
            JSONScenario(73, "backup", "--dir", "notes.txt", "--store", "store.sqlite"),
            JSONScenario(
                75, "backup", "--dir", "backups", "--store", "store.sqlite", heldLock: "backups/.backupctl.lock"),
            JSONScenario(76, "backup", "--dir", "fresh", "--store", "newer.sqlite"),
            // Encrypted to a public key, read back without the key; with a passphrase, in full.
            JSONScenario(
                0, "backup", "--dir", "fresh", "--store", "store.sqlite", "--recipients-file", "recipients.txt"),
            JSONScenario(
                0, "backup", "--dir", "fresh", "--store", "store.sqlite", "--passphrase-file", "passphrase.txt"),
        ],
        "prune": [
            JSONScenario(0, "prune", "--dir", "backups", "--keep-last", "1", "--dry-run"),
            JSONScenario(0, "prune", "--dir", "backups", "--keep-last", "5"),
            JSONScenario(64, "prune", "--dir", "backups"),
            JSONScenario(66, "prune", "--dir", "missing", "--keep-last", "1"),
            JSONScenario(75, "prune", "--dir", "backups", "--keep-last", "1", heldLock: "backups/.backupctl.lock"),
        ],
        "list": [
            JSONScenario(0, "list", "--dir", "backups", "--verify"),
            JSONScenario(0, "list", "--dir", "empty"),
            JSONScenario(64, "list"),
            JSONScenario(65, "list", "--dir", "damaged", "--verify"),
            JSONScenario(66, "list", "--dir", "missing"),
            JSONScenario(0, "list", "--dir", "encrypted"),
            JSONScenario(0, "list", "--dir", "encrypted", "--verify", "--identity", "key.txt"),
            JSONScenario(77, "list", "--dir", "encrypted", "--verify", "--identity", "stranger.txt"),
        ],
        "restore": [
            JSONScenario(0, "restore", "--dir", "damaged", "--store", "new.sqlite"),
            JSONScenario(0, "restore", "--dir", "backups", "--store", "store.sqlite", "--before", "20260118T230000Z"),
            JSONScenario(0, "restore", "--dir", "backups", "--store", "leftover.sqlite"),
            JSONScenario(64, "restore", "--dir", "backups", "--before", "yesterday"),
            JSONScenario(65, "restore", "--dir", "backups", "--store", "foreign.sqlite"),
            JSONScenario(66, "restore", "--dir", "empty", "--store", "new.sqlite"),
            JSONScenario(66, "restore", "--dir", "broken", "--store", "new.sqlite"),
            JSONScenario(66, "restore", "--dir", "backups", "--store", "new.sqlite", "--before", "2026-01-18"),
            JSONScenario(73, "restore", "--dir", "backups", "--store", "linked.sqlite"),
            JSONScenario(75, "restore", "--dir", "backups", "--store", "store.sqlite", heldLock: "store.sqlite.lock"),
            JSONScenario(76, "restore", "--dir", "backups", "--store", "newer.sqlite"),
            JSONScenario(0, "restore", "--dir", "encrypted", "--store", "new.sqlite", "--identity", "key.txt"),
            JSONScenario(77, "restore", "--dir", "encrypted", "--store", "new.sqlite"),
        ],
        "schema": [
            JSONScenario(0, "schema", "--version", "2"),
            JSONScenario(64, "schema", "--version", "7"),
        ],
        "sample": [
            JSONScenario(0, "sample", "--store", "sampled.sqlite"),
            JSONScenario(64, "sample", "--store", "sampled.sqlite", "--size", "huge"),
            JSONScenario(73, "sample", "--store", "store.sqlite"),
            JSONScenario(75, "sample", "--store", "store.sqlite", "--force", heldLock: "store.sqlite.lock"),
        ],
        "completions": [
            JSONScenario(0, "completions", "fish"),
            JSONScenario(64, "completions", "tcsh"),
        ],
        "manpage": [
            JSONScenario(0, "manpage"),
            JSONScenario(64, "manpage", "--verbose"),
        ],
    ]
}

extension CommandWorkspace {
    /// The files the runs use: a sample store and its backup; stores that are missing, from
    /// a newer build, of an older version, of another program, or with a lock file that is a
    /// symbolic link; damaged backups; backup directories that are good, empty, or hold a
    /// damaged newest backup, or only a damaged one; a text file. And for lossless backups: a
    /// store a merge of the sample's backup cannot fully overwrite (an unreadable value, an
    /// unknown key of another value) — also a store snapshot to restore into a copy of the
    /// sample — and one with a leftover legacy key and an unknown key.
    func prepareJSONOutputRuns() throws {
        let store = try sampleStore("store.sqlite")
        let backup = try exportBackup(from: store, to: "b.ddbackup")
        _ = try writeStore(
            "keeps.sqlite", blobs: ["trackedDomains": "not json", "reminders.v2": #"{"other": true}"#], schemaVersion: 3
        )
        _ = try copy(store, to: "replaced.sqlite")
        _ = try writeStore(
            "leftover.sqlite", blobs: ["watchedDomains": "[]", "trackedDomains": "[]", "reminders.v2": "{}"],
            schemaVersion: 3)
        for damage in BackupDamage.allCases { _ = try damagedBackup(from: backup, damage) }
        _ = try storeFixture("newer", as: "newer.sqlite")
        _ = try storeFixture("v1", as: "old.sqlite")
        _ = try copy(store, to: "linked.sqlite")
        try FileManager.default.createSymbolicLink(atPath: path("linked.sqlite.lock"), withDestinationPath: "/nowhere")
        let foreign = try python(
            "import sqlite3, sys; db = sqlite3.connect(sys.argv[1]); db.execute('CREATE TABLE photos (x)'); db.commit()",
            path("foreign.sqlite"))
        try #require(foreign.status == 0, "\(foreign.stderrText)")
        try Data("my notes\n".utf8).write(to: URL(fileURLWithPath: path("notes.txt")))
        for (directory, time) in [("backups", "2026-01-18T22:00:00Z"), ("backups", "2026-01-18T23:00:00Z")] {
            let run = try backupctl(
                "backup", "--dir", directory, "--store", store, "--quiet",
                environment: ["BACKUPCTL_TEST_NOW": time])
            try #require(run.status == 0, "\(run.stderrText)")
        }
        // `damaged`: the backups, and a newest one that does not verify.
        try FileManager.default.copyItem(atPath: path("backups"), toPath: path("damaged"))
        try FileManager.default.copyItem(
            atPath: path("checksumMismatch.ddbackup"), toPath: path("damaged/domaindig-20260119T000000Z.ddbackup"))
        // `broken`: only a backup that does not verify.
        try FileManager.default.createDirectory(atPath: path("broken"), withIntermediateDirectories: false)
        try FileManager.default.copyItem(
            atPath: path("checksumMismatch.ddbackup"), toPath: path("broken/domaindig-20260119T000000Z.ddbackup"))
        try FileManager.default.createDirectory(atPath: path("empty"), withIntermediateDirectories: false)
        try prepareEncryptedRuns(store: store)
    }

    /// For encrypted backups: an age key (`key.txt`, its `recipients.txt`), a stranger's key
    /// (`stranger.txt`, `stranger-recipients.txt`), the key again in a file others may read
    /// (`open-key.txt`), a passphrase file, a backup encrypted to the key, and a directory of
    /// backups encrypted to it (`encrypted`).
    private func prepareEncryptedRuns(store: String) throws {
        let key = try ageKey()
        let stranger = try ageKey("stranger.txt")
        try Data((key.recipient + "\n").utf8).write(to: URL(fileURLWithPath: path("recipients.txt")))
        try Data((stranger.recipient + "\n").utf8).write(to: URL(fileURLWithPath: path("stranger-recipients.txt")))
        _ = try copy(key.identityFile.path, to: "open-key.txt")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path("open-key.txt"))
        _ = try passphraseFile("json output")
        _ = try exportEncrypted(from: store, to: "encrypted.ddbackup", ["--recipient", key.recipient])
        for time in ["2026-01-18T22:00:00Z", "2026-01-18T23:00:00Z"] {
            let run = try backupctl(
                "backup", "--dir", "encrypted", "--store", store, "--recipient", key.recipient, "--quiet",
                environment: ["BACKUPCTL_TEST_NOW": time])
            try #require(run.status == 0, "\(run.stderrText)")
        }
    }
}
