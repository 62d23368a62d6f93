import Foundation
import TestSupport
import Testing

/// A test's own folder, where the built `backupctl` and its independent peers (`tar`,
/// `sqlite3`, `sha256sum`, Python) run as a user would run them from a shell.
///
///     let workspace = try CommandWorkspace()
///     let store = try workspace.sampleStore()
///     let export = try workspace.backupctl("export", "--store", store, "-o", "b.ddbackup")
///     #expect(export.status == 0)
final class CommandWorkspace {
    /// The folder; removed with the workspace.
    let directory: TemporaryDirectory

    /// Creates an empty folder for one test.
    init() throws {
        directory = try TemporaryDirectory(prefix: "backupctl-cli")
    }

    /// The folder's location.
    var url: URL { directory.url }

    /// The absolute path of `name` inside the folder.
    func path(_ name: String) -> String {
        directory.file(name).path
    }

    // MARK: Running programs

    /// Runs `backupctl` in the folder.
    func backupctl(_ arguments: String..., stdin: Data? = nil, environment: [String: String] = [:]) throws
        -> ProcessOutput
    {
        try backupctl(arguments: arguments, stdin: stdin, environment: environment)
    }

    /// Runs `backupctl` in the folder, with the arguments as an array.
    func backupctl(arguments: [String], stdin: Data? = nil, environment: [String: String] = [:]) throws -> ProcessOutput
    {
        try ProcessRunner.run(
            BuildProducts.backupctl.path, arguments, stdin: stdin, environment: environment,
            currentDirectory: url)
    }

    /// Runs `backupctl` so that file modes bind it although the tests run as root: as root it
    /// runs under `setpriv` without the capabilities that bypass permission checks
    /// (`CAP_DAC_OVERRIDE`, `CAP_DAC_READ_SEARCH`, `CAP_FOWNER`); as anyone else it simply runs.
    func backupctlBoundByFileModes(_ arguments: String...) throws -> ProcessOutput {
        try backupctlBoundByFileModes(arguments: arguments)
    }

    /// ``backupctlBoundByFileModes(_:)`` with the arguments as an array.
    func backupctlBoundByFileModes(arguments: [String]) throws -> ProcessOutput {
        guard geteuid() == 0 else {
            return try ProcessRunner.run(BuildProducts.backupctl.path, arguments, currentDirectory: url)
        }
        let capabilities = "-dac_override,-dac_read_search,-fowner"
        return try ProcessRunner.run(
            "setpriv",
            ["--bounding-set=\(capabilities)", "--inh-caps=\(capabilities)", BuildProducts.backupctl.path] + arguments,
            currentDirectory: url)
    }

    /// Runs `backupctl` in the folder on a pseudo-terminal, as a user at a terminal would:
    /// standard input, output and error are the terminal, unless `redirection` (shell syntax
    /// such as `> out.ddbackup`) sends one elsewhere.
    /// - Returns: what reached the terminal (standard output and error together, `\r\n`
    ///   line ends) and the exit status.
    func backupctlOnTerminal(_ arguments: String..., redirection: String = "", typed: String? = nil) throws
        -> ProcessOutput
    {
        try backupctlOnTerminal(arguments: arguments, redirection: redirection, typed: typed)
    }

    /// Runs `backupctl` on a pseudo-terminal, with the arguments as an array; `typed` is what
    /// the user types at it (an answer to a question: `"y\n"`); `environment` is added to its
    /// variables (object storage settings, say).
    func backupctlOnTerminal(
        arguments: [String], redirection: String = "", typed: String? = nil, environment: [String: String] = [:]
    ) throws -> ProcessOutput {
        let variables = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let words = ((variables.isEmpty ? [] : ["env"] + variables) + [BuildProducts.backupctl.path] + arguments)
            .map(ShellTools.quoted)
        return try ShellTools.runOnTerminal(words.joined(separator: " ") + " " + redirection, in: url, typed: typed)
    }

    /// Runs `backupctl` as another user than root — `nobody` (65534), with no supplementary
    /// groups — so file modes bind it as they bind any user: for a store the user may read
    /// but not write. Returns nil (and says so) when the tests do not run as root, since only
    /// root can switch users; the workspace folder is made reachable for `nobody` first.
    func backupctlAsNobody(_ arguments: String...) throws -> ProcessOutput? {
        guard geteuid() == 0 else {
            print("skipped running as another user: the tests do not run as root")
            return nil
        }
        chmod(url.path, 0o755)
        return try ProcessRunner.run(
            "setpriv",
            ["--reuid", "65534", "--regid", "65534", "--clear-groups", BuildProducts.backupctl.path] + arguments,
            currentDirectory: url)
    }

    /// The `manifest.json` of a v3 backup, read with plain `tar`.
    func manifest(of backup: String) throws -> [String: Any] {
        let output = try run("tar", "--zstd", "-xOf", backup, "manifest.json")
        try #require(output.status == 0, "tar failed: \(output.stderrText)")
        return try #require(try JSONSerialization.jsonObject(with: output.stdout) as? [String: Any])
    }

    /// Runs another program (`tar`, `sqlite3`, `sha256sum`, `zstd`, `sh`) in the folder.
    func run(_ tool: String, _ arguments: String..., stdin: Data? = nil) throws -> ProcessOutput {
        try ProcessRunner.run(tool, arguments, stdin: stdin, currentDirectory: url)
    }

    /// Runs a Python script, the independent peer; pass it absolute paths.
    func python(_ script: String, _ arguments: String..., stdin: Data? = nil) throws -> ProcessOutput {
        try ProcessRunner.python(script, arguments, stdin: stdin)
    }

    // MARK: Making inputs

    /// Writes a sample store with `backupctl sample` and returns its path.
    func sampleStore(_ name: String = "store.sqlite", size: String = "small", seed: Int = 1) throws -> String {
        let store = path(name)
        let output = try backupctl("sample", "--store", store, "--size", size, "--seed", String(seed), "--quiet")
        try #require(output.status == 0, "sample failed: \(output.stderrText)")
        return store
    }

    /// Writes, with Python, a store holding nothing but its schema version (3) and returns its
    /// path: a store without problems, whose backup has nothing to warn about.
    func cleanStore(_ name: String = "clean.sqlite") throws -> String {
        let store = path(name)
        let output = try python(
            """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.executescript('''
                PRAGMA application_id = 1145333570; PRAGMA user_version = 1; PRAGMA journal_mode = WAL;
                CREATE TABLE entries (key TEXT PRIMARY KEY NOT NULL, kind TEXT NOT NULL, value BLOB);
                INSERT INTO entries VALUES ('data.storeSchemaVersion', 'integer', 3);
            ''')
            db.close()
            """, store)
        try #require(output.status == 0, "writing the store failed: \(output.stderrText)")
        return store
    }

    /// Exports `store` to `name` with `backupctl export` and returns the backup's path.
    func exportBackup(
        from store: String, to name: String = "backup.ddbackup", compression: String = "zstd",
        environment: [String: String] = [:]
    ) throws -> String {
        let backup = path(name)
        let output = try backupctl(
            "export", "--store", store, "-o", backup, "--compression", compression, "--quiet",
            environment: environment)
        try #require(output.status == 0, "export failed: \(output.stderrText)")
        return backup
    }

    // MARK: Looking at the folder

    /// Every name in the folder, hidden ones included, sorted.
    func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }

    /// The bytes of a file in the folder (or anywhere, given an absolute path).
    func contents(_ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: name.hasPrefix("/") ? name : path(name)))
    }

    /// The permission bits of a file, e.g. `0o600`.
    func permissions(_ name: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: name.hasPrefix("/") ? name : path(name))
        let mode = try #require(attributes[.posixPermissions] as? NSNumber)
        return mode.intValue & 0o7777
    }

    /// Each key of a SQLite store with its kind and the SHA-256 of its exact bytes, one line
    /// per key in key order, read by Python's `sqlite3` (immutable, so reading changes nothing).
    func storeDump(_ store: String) throws -> String {
        let output = try python(
            """
            import hashlib, sqlite3, sys
            db = sqlite3.connect('file:' + sys.argv[1] + '?immutable=1', uri=True)
            for key, kind, value in db.execute('SELECT key, kind, value FROM entries ORDER BY key'):
                raw = value if isinstance(value, bytes) else repr(value).encode()
                print(key, kind, len(raw), hashlib.sha256(raw).hexdigest())
            """, store)
        try #require(output.status == 0, "reading the store failed: \(output.stderrText)")
        return output.stdoutText
    }
}
