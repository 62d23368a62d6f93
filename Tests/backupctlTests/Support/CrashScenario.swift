import Foundation
import TestSupport
import Testing

/// One command the crash tests kill, on one store backend: what it starts from, how it runs,
/// and what may be left when it is killed.
///
/// Every scenario works in a folder laid out the same way:
///
///     data/store.<ext>          the store (absent for an import into a new store)
///     data/new/store.<ext>      where an import into a new store creates it (data/new missing)
///     input/backup.ddbackup     the backup an import reads (another sample store's export)
///     out/backup.ddbackup       what export overwrites (a copy of the input backup)
///     backups/                  backup --dir's folder, holding one older backup
struct CrashScenario: Sendable, CustomStringConvertible, CustomTestStringConvertible {
    enum Operation: String, CaseIterable, Sendable {
        case export
        case importMerge = "import-merge"
        case importReplace = "import-replace"
        case importIntoNewStore = "import-new-store"
        case migrate
        case backup
    }

    enum Backend: String, CaseIterable, Sendable {
        case sqlite, plist
    }

    var operation: Operation
    var backend: Backend

    /// Every command on both backends.
    static let all: [CrashScenario] = Operation.allCases.flatMap { operation in
        Backend.allCases.map { CrashScenario(operation: operation, backend: $0) }
    }

    var description: String { "\(operation.rawValue) on \(backend.rawValue)" }
    var testDescription: String { description }

    /// The clock every run sees, so backup and snapshot names are the same in every run.
    static let now = "2026-03-01T12:00:00Z"
    /// The older backup `backup --dir` finds (and, keeping one, prunes).
    static let olderBackupName = "domaindig-20260201T120000Z.ddbackup"

    /// The store, relative to the scenario's folder.
    var storePath: String {
        operation == .importIntoNewStore ? "data/new/store.\(backend.rawValue)" : "data/store.\(backend.rawValue)"
    }

    /// The command line, relative to the scenario's folder (its working folder).
    var arguments: [String] {
        let store = ["--store", storePath, "--quiet"]
        switch operation {
        case .export: return ["export", "-o", "out/backup.ddbackup"] + store
        case .importMerge: return ["import", "input/backup.ddbackup", "--mode", "merge"] + store
        case .importReplace: return ["import", "input/backup.ddbackup", "--mode", "replace"] + store
        case .importIntoNewStore: return ["import", "input/backup.ddbackup"] + store
        case .migrate: return ["migrate"] + store
        case .backup: return ["backup", "--dir", "backups", "--keep-last", "1"] + store
        }
    }

    /// Whether the command may change the store (export and backup only read it).
    var writesStore: Bool {
        switch operation {
        case .export, .backup: false
        case .importMerge, .importReplace, .importIntoNewStore, .migrate: true
        }
    }

    /// The backups under their final names, relative to the scenario's folder: what must
    /// pass `inspect` and `validate` at any moment.
    func finalBackups(in folder: URL) throws -> [String] {
        switch operation {
        case .export:
            return ["out/backup.ddbackup"]
        case .backup:
            return try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("backups").path)
                .filter { $0.hasPrefix("domaindig-") && $0.hasSuffix(".ddbackup") }.sorted().map { "backups/\($0)" }
        case .importMerge, .importReplace, .importIntoNewStore, .migrate:
            return []
        }
    }

    /// The safety snapshots an import wrote beside the store, relative to the scenario's folder.
    func snapshots(in folder: URL) throws -> [String] {
        let storeFolder = (storePath as NSString).deletingLastPathComponent
        let storeName = (storePath as NSString).lastPathComponent
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(storeFolder).path))
            ?? []
        return names.filter { $0.hasPrefix(storeName + ".before-import-") }.sorted().map { "\(storeFolder)/\($0)" }
    }

    // MARK: The starting folder

    /// Lays out the starting folder in `folder`, from `inputs`.
    func prepare(in folder: URL, from inputs: CrashInputs) throws {
        for name in ["data", "input", "out", "backups"] {
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        for copy in ["input/backup.ddbackup", "out/backup.ddbackup", "backups/\(Self.olderBackupName)"] {
            try FileManager.default.copyItem(at: inputs.backup, to: folder.appendingPathComponent(copy))
        }
        let store = folder.appendingPathComponent(storePath)
        switch operation {
        case .importIntoNewStore: break
        case .migrate: try FileManager.default.copyItem(at: inputs.oldStore(backend), to: store)
        case .export, .importMerge, .importReplace, .backup:
            try FileManager.default.copyItem(at: inputs.store(backend), to: store)
        }
    }
}

/// The files every scenario starts from, made once per test run: sample stores written by
/// `backupctl sample` (seed 1, on both backends), the backup an import reads (another sample
/// store's export, seed 2), and the old store `migrate` needs — the version 0 fixture, written
/// to SQLite by Python.
final class CrashInputs: Sendable {
    /// The backup imports read.
    let backup: URL

    /// The inputs at the size `CrashPlan.current` asks for.
    static let shared = Result { try CrashInputs(size: CrashPlan.current.size) }

    /// Where they are: kept for the whole test run, removed when the test process exits.
    private static let folder = URL(fileURLWithPath: NSTemporaryDirectory())
        .appendingPathComponent("backupctl-crash-inputs-\(UUID().uuidString)")

    private init(size: String) throws {
        try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: CrashInputs.folder) }
        backup = Self.folder.appendingPathComponent("backup.ddbackup")
        let source = Self.folder.appendingPathComponent("source.sqlite").path
        try Self.succeed(["sample", "--store", source, "--size", size, "--seed", "2", "--quiet"])
        try Self.succeed(["export", "--store", source, "-o", backup.path, "--quiet"])
        for backend in CrashScenario.Backend.allCases {
            let store = self.store(backend).path
            try Self.succeed(["sample", "--store", store, "--size", size, "--seed", "1", "--quiet"])
            try FileManager.default.removeItem(atPath: store + ".lock")
        }
        let fixture = Fixtures.url("Stores/v0.plist")
        try FileManager.default.copyItem(at: fixture, to: oldStore(.plist))
        let output = try ProcessRunner.python(Self.propertyListToSQLite, [fixture.path, oldStore(.sqlite).path])
        try #require(output.status == 0, "writing the old SQLite store failed: \(output.stderrText)")
    }

    /// The sample store (seed 1) of a backend.
    func store(_ backend: CrashScenario.Backend) -> URL {
        Self.folder.appendingPathComponent("store.\(backend.rawValue)")
    }

    /// The version 0 store of a backend.
    func oldStore(_ backend: CrashScenario.Backend) -> URL {
        Self.folder.appendingPathComponent("old.\(backend.rawValue)")
    }

    private static func succeed(_ arguments: [String]) throws {
        let output = try ProcessRunner.run(BuildProducts.backupctl.path, arguments)
        try #require(output.status == 0, "backupctl \(arguments.joined(separator: " ")): \(output.stderrText)")
    }

    /// `script PLIST SQLITE`: the property list's keys as an SQLite store of layout 1, as the
    /// app's SQLite backend would hold them.
    private static let propertyListToSQLite = #"""
        import datetime, os, plistlib, sqlite3, sys
        with open(sys.argv[1], 'rb') as file:
            top = plistlib.load(file)
        db = sqlite3.connect(sys.argv[2])
        db.executescript('''
            PRAGMA page_size = 65536; PRAGMA application_id = 1145333570; PRAGMA user_version = 1;
            PRAGMA journal_mode = WAL;
            CREATE TABLE entries (key TEXT PRIMARY KEY NOT NULL, kind TEXT NOT NULL, value BLOB);
        ''')
        for key, value in top.items():
            if isinstance(value, bytes): row = ('data', value)
            elif isinstance(value, bool): row = ('bool', int(value))
            elif isinstance(value, int): row = ('integer', value)
            elif isinstance(value, float): row = ('double', value)
            elif isinstance(value, str): row = ('string', value)
            elif isinstance(value, datetime.datetime):
                row = ('date', (value - datetime.datetime(2001, 1, 1)).total_seconds())
            else:
                row = ('array' if isinstance(value, list) else 'dictionary', plistlib.dumps(value, fmt=plistlib.FMT_BINARY))
            db.execute('INSERT INTO entries VALUES (?, ?, ?)', (key,) + row)
        db.commit()
        db.close()
        os.chmod(sys.argv[2], 0o600)
        """#
}
