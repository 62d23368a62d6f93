import Foundation
import TestSupport
import Testing

/// A folder for the validate and schema command tests, with backups made as a user makes
/// them — `backupctl sample` then `backupctl export` — and broken as a user might break them:
/// edited with Python's `json`, `hashlib` and `tarfile` (an independent peer), which rewrites
/// the manifest and repacks the archive.
///
///     let workspace = try ValidationWorkspace()
///     let fresh = try workspace.freshExport()
///     let broken = try workspace.edit(fresh, "doc['trackedDomains'][3]['domain'] = 'exa mple.com'")
///     #expect(try workspace.backupctl("validate", broken).status == 65)
final class ValidationWorkspace {
    let directory: TemporaryDirectory
    private var editCount = 0
    private var exportedStore: String?

    init() throws {
        directory = try TemporaryDirectory(prefix: "backupctl-validate")
    }

    /// The absolute path of `name` in the folder.
    func path(_ name: String) -> String {
        directory.file(name).path
    }

    /// Runs the built `backupctl` in the folder.
    func backupctl(_ arguments: String..., stdin: Data? = nil) throws -> ProcessOutput {
        try ProcessRunner.run(BuildProducts.backupctl.path, arguments, stdin: stdin, currentDirectory: directory.url)
    }

    /// Samples a store (once per workspace) and exports it.
    /// - Returns: the backup's path.
    func freshExport(name: String = "fresh.ddbackup", compression: String = "zstd") throws -> String {
        let store = path("store.sqlite")
        if exportedStore == nil {
            let sample = try backupctl("sample", "--store", store, "--seed", "3", "--quiet")
            try #require(sample.status == 0, "backupctl sample failed: \(sample.stderrText)")
            exportedStore = store
        }
        let backup = path(name)
        let export = try backupctl("export", "--store", store, "-o", backup, "--compression", compression, "--quiet")
        try #require(export.status == 0, "backupctl export failed: \(export.stderrText)")
        return backup
    }

    /// Copies a fresh export with one change and returns the copy's path.
    ///
    /// `statement` is Python run with `doc` (the manifest under `"manifest"`, each section under
    /// its name), `entries` (entry path → bytes, for raw edits) and `add_entry(name, path, data)`
    /// in scope. Sections whose JSON changed are re-encoded and their manifest listing (bytes,
    /// SHA-256, records) follows, so only the intended problem remains; raw edits to `entries`
    /// leave the manifest as it was.
    func edit(_ statement: String) throws -> String {
        let base = try freshExport(name: "base-\(editCount).ddbackup", compression: "gzip")
        editCount += 1
        let output = path("edited-\(editCount).ddbackup")
        let result = try ProcessRunner.python(Self.editScript, [base, output, statement])
        try #require(result.status == 0, "editing the backup failed: \(result.stderrText)")
        return output
    }

    /// Fails the current test unless Python can import jsonschema: the tests that need it
    /// fail, never skip, without it.
    static func requireJSONSchema() throws {
        let probe = try ProcessRunner.python("import jsonschema")
        try #require(
            probe.status == 0,
            """
            Python's jsonschema is not importable by \(ProcessRunner.python). Run `make test` (it installs \
            jsonschema into .venv), or run `make python-deps` once and then \
            BACKUPCTL_TEST_PYTHON=$PWD/.venv/bin/python swift test. Python said: \(probe.stderrText)
            """)
    }

    /// Standard output parsed as exactly one JSON object (Foundation refuses trailing text).
    static func jsonObject(_ output: ProcessOutput) throws -> [String: Any] {
        let parsed = try JSONSerialization.jsonObject(with: output.stdout)
        return try #require(parsed as? [String: Any], "expected one JSON object, got: \(output.stdoutText)")
    }

    private static let editScript = #"""
        import copy, hashlib, io, json, sys, tarfile
        source, destination, statement = sys.argv[1:4]
        entries, order = {}, []
        with tarfile.open(source, "r:*") as archive:
            for member in archive.getmembers():
                order.append(member.name)
                entries[member.name] = archive.extractfile(member).read()
        manifest = json.loads(entries["manifest.json"])
        doc = {"manifest": manifest}
        for listing in manifest["sections"]:
            doc[listing["name"]] = json.loads(entries[listing["path"]])
        before = copy.deepcopy(doc)
        def listing_for(name, path, data, value):
            records = len(value) if isinstance(value, list) else (0 if value is None else 1)
            return {"name": name, "path": path, "records": records, "bytes": len(data),
                    "sha256": hashlib.sha256(data).hexdigest()}
        def add_entry(name, path, data):
            entries[path] = data
            order.append(path)
            doc["manifest"]["sections"].append(listing_for(name, path, data, json.loads(data)))
        exec(statement, {"doc": doc, "entries": entries, "add_entry": add_entry})
        for index, listing in enumerate(doc["manifest"]["sections"]):
            name = listing["name"]
            if name in doc and doc[name] != before.get(name):
                data = json.dumps(doc[name], ensure_ascii=False).encode()
                entries[listing["path"]] = data
                doc["manifest"]["sections"][index] = listing_for(name, listing["path"], data, doc[name])
        entries["manifest.json"] = json.dumps(doc["manifest"]).encode()
        with tarfile.open(destination, "w", format=tarfile.PAX_FORMAT) as archive:
            for name in order:
                info = tarfile.TarInfo(name)
                info.size, info.mode, info.mtime = len(entries[name]), 0o600, 1767225600
                archive.addfile(info, io.BytesIO(entries[name]))
        """#
}
