import Foundation
import Glibc
import TestSupport
import Testing

/// Commands that read a store never write it (issue 15.1 and 15.2): `status`, `export`,
/// `backup`, `inspect` and `validate` work for a user who may read the store but not write it
/// or its folder, create nothing beside it, leave it byte-identical, and read one consistent
/// state of it while another process writes; an older store is exported in today's shape
/// without being migrated. Run as `nobody` (65534) when the tests run as root.
@Suite struct ReadOnlyStoreTests {
    static let backends = ["store.sqlite", "store.plist"]

    @Test(arguments: backends)
    func everyReadingCommandWorksForAUserWhoMayOnlyReadTheStore(name: String) throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.readOnlyStore(name)
        _ = try workspace.sharedFolder()
        let before = try FolderState(of: workspace.url.appendingPathComponent("ro"))

        guard let status = try workspace.backupctlAsNobody("status", "--store", store) else { return }
        #expect(status.status == 0, "\(status.stderrText)")
        #expect(status.stdoutText.contains("Schema version: 3; this build: 3"))
        let export = try #require(try workspace.backupctlAsNobody("export", "--store", store, "-o", "out/b.ddbackup"))
        #expect(export.status == 0, "\(export.stderrText)")
        #expect(export.stdoutText.contains("Exported \(store) to \(workspace.path("out/b.ddbackup"))"))
        let backup = try #require(
            try workspace.backupctlAsNobody("backup", "--store", store, "--dir", "out/backups", "--keep-last", "1"))
        #expect(backup.status == 0, "\(backup.stderrText)")
        #expect(backup.stdout.isEmpty)
        let inspect = try #require(try workspace.backupctlAsNobody("inspect", "out/b.ddbackup"))
        #expect(inspect.status == 0, "\(inspect.stderrText)")
        let validate = try #require(try workspace.backupctlAsNobody("validate", "out/b.ddbackup"))
        #expect(validate.status == 0, "\(validate.stderrText)")
        #expect(validate.stdoutText.contains("Valid: the backup can be imported."))

        // No lock file, no -wal or -shm, no byte of the store changed.
        let after = try FolderState(of: workspace.url.appendingPathComponent("ro"))
        #expect(after == before, "\(after.difference(from: before))")
        #expect(try workspace.sections(ofBackup: workspace.path("out/b.ddbackup")).count == 9)
    }

    /// The app has the store open: its `-wal` holds a commit the main file lacks. A reader
    /// that may not write the `-shm` index still reads it, through SQLite's locking.
    @Test func aStoreTheAppHoldsOpenIsReadWithWhatItsLogHoldsAndNothingChanges() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.readOnlyStore("store.sqlite")
        _ = try workspace.sharedFolder()
        let holder = try OpenStoreHolder(
            store: store,
            statement: "UPDATE entries SET value = CAST('[\"from-the-log\"]' AS BLOB) WHERE key = 'recentSearches'")
        defer { holder.release() }
        #expect(FileManager.default.fileExists(atPath: store + "-wal"))
        let before = try FolderState(of: workspace.url.appendingPathComponent("ro"))

        guard let export = try workspace.backupctlAsNobody("export", "--store", store, "-o", "out/b.ddbackup")
        else { return }
        #expect(export.status == 0, "\(export.stderrText)")
        let settings = try #require(try workspace.sections(ofBackup: workspace.path("out/b.ddbackup"))["appSettings"])
        #expect(settings.contains("from-the-log"), "the commit still in the -wal was read")
        let after = try FolderState(of: workspace.url.appendingPathComponent("ro"))
        #expect(after == before, "\(after.difference(from: before))")
    }

    /// Another process rewrites the store over and over, alternating between two complete
    /// states; every export holds one of them whole, never a mix.
    @Test(arguments: backends)
    func exportsReadOneStateWhileAnotherProcessWritesTheStore(name: String) throws {
        let workspace = try CommandWorkspace()
        let ext = (name as NSString).pathExtension
        let first = try workspace.sampleStore("first.\(ext)", seed: 1)
        let second = try workspace.sampleStore("second.\(ext)", seed: 2)
        let states = [
            try workspace.sections(
                ofBackup: try workspace.exportBackup(from: first, to: "first.ddbackup"), digests: true),
            try workspace.sections(
                ofBackup: try workspace.exportBackup(from: second, to: "second.ddbackup"), digests: true),
        ]
        #expect(states[0] != states[1])
        let store = try workspace.readOnlyStore(name)
        _ = try workspace.sharedFolder()
        let writer = try AlternatingWriter(store: store, states: [first, second])
        var exports = 0
        for attempt in 0..<6 {
            let output = "out/\(attempt).ddbackup"
            let run =
                try workspace.backupctlAsNobody("export", "--store", store, "-o", output, "--quiet")
                ?? workspace.backupctl("export", "--store", store, "-o", output, "--quiet")
            #expect(run.status == 0, "\(run.stderrText)")
            guard run.status == 0 else { continue }
            let sections = try workspace.sections(ofBackup: workspace.path(output), digests: true)
            #expect(states.contains(sections), "export \(attempt) mixes two states of the store")
            exports += 1
        }
        let writes = writer.stop()
        #expect(exports == 6)
        #expect(writes > 6, "the writer wrote only \(writes) times: the exports did not overlap its writes")
    }

    @Test(arguments: backends)
    func anOlderStoreIsExportedInTodaysShapeAndLeftByteIdentical(name: String) throws {
        let workspace = try CommandWorkspace()
        try FileManager.default.createDirectory(atPath: workspace.path("ro"), withIntermediateDirectories: false)
        let store = try workspace.storeFixture("v0", as: "ro/\(name)")
        let migrated = try workspace.storeFixture("v0", as: "migrated.\((name as NSString).pathExtension)")
        #expect(try workspace.backupctl("migrate", "--store", migrated, "--quiet").status == 0)
        let before = try FolderState(of: workspace.url.appendingPathComponent("ro"))

        let export = try workspace.backupctl("export", "--store", store, "-o", "old.ddbackup")
        #expect(export.status == 0, "\(export.stderrText)")
        #expect(
            export.stdoutText.contains(
                "The store is at schema version 0; the backup holds its data upgraded to version 3 (in memory: the store was not changed; `backupctl migrate` upgrades it)."
            ), "\(export.stdoutText)")
        let backup = try workspace.backupctl("backup", "--store", store, "--dir", "backups", "--quiet")
        #expect(backup.status == 0, "\(backup.stderrText)")
        let after = try FolderState(of: workspace.url.appendingPathComponent("ro"))
        #expect(after == before, "export and backup wrote to the store: \(after.difference(from: before))")
        #expect(try workspace.backupctl("status", "--store", store).stdoutText.contains("Schema version: 0;"))

        // Today's shape: exactly what an export of the migrated store holds.
        let manifest = try workspace.manifest(of: workspace.path("old.ddbackup"))
        #expect(manifest["storeSchemaVersion"] as? Int == 3)
        #expect(manifest["storeSchemaVersionRead"] as? Int == 0)
        let current = try workspace.exportBackup(from: migrated, to: "current.ddbackup")
        #expect(try workspace.manifest(of: current)["storeSchemaVersionRead"] as? Int == 3)
        #expect(
            try workspace.sections(ofBackup: workspace.path("old.ddbackup"), digests: true)
                == (try workspace.sections(ofBackup: current, digests: true)))
        let inspect = try workspace.backupctl("inspect", "old.ddbackup")
        #expect(
            inspect.stdoutText.contains(
                "Store schema version: 3 (the store was at version 0; the export upgraded its data in memory)"))
    }
}

/// A Python process that holds an SQLite store open, as the app does, with one commit of its
/// own still in the `-wal` (no checkpoint), until `release()`.
final class OpenStoreHolder {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()

    init(store: String, statement: String) throws {
        let script = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1], isolation_level=None)
            db.execute('PRAGMA wal_autocheckpoint = 0')
            db.execute('BEGIN IMMEDIATE')
            db.execute(sys.argv[2])
            db.execute('COMMIT')
            print('open', flush=True)
            sys.stdin.read()
            """
        ProcessRunner.setProgram(of: process, to: ProcessRunner.python, ["-c", script, store, statement])
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        try #require(readLine(from: output) == "open", "the holder did not open the store")
    }

    /// Lets the store go (the last connection checkpoints it) and waits for the holder.
    func release() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}

/// A Python process that rewrites a store over and over, alternating between the contents
/// of other stores of its backend: an SQLite store in one transaction per state, on a
/// connection it keeps open (as the app does); a property list by atomic renames.
final class AlternatingWriter {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()

    init(store: String, states: [String]) throws {
        let script = """
            import os, plistlib, sqlite3, sys, threading
            store, states = sys.argv[1], sys.argv[2:]
            stop = threading.Event()
            threading.Thread(target=lambda: (sys.stdin.read(), stop.set()), daemon=True).start()
            writes = 0
            if store.endswith('.plist'):
                contents = [open(state, 'rb').read() for state in states]
                while not stop.is_set():
                    temporary = store + '.writer'
                    with open(temporary, 'wb') as file:
                        file.write(contents[writes % len(contents)])
                    os.chmod(temporary, 0o644)
                    os.replace(temporary, store)
                    writes += 1
                    if writes == 1: print('writing', flush=True)
            else:
                rows = []
                for state in states:
                    source = sqlite3.connect(state)
                    rows.append(source.execute('SELECT key, kind, value FROM entries').fetchall())
                    source.close()
                db = sqlite3.connect(store, isolation_level=None)
                while not stop.is_set():
                    db.execute('BEGIN IMMEDIATE')
                    db.execute('DELETE FROM entries')
                    db.executemany('INSERT INTO entries VALUES (?, ?, ?)', rows[writes % len(rows)])
                    db.execute('COMMIT')
                    writes += 1
                    if writes == 1: print('writing', flush=True)
                db.close()
            print(writes, flush=True)
            """
        ProcessRunner.setProgram(of: process, to: ProcessRunner.python, ["-c", script, store] + states)
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        try #require(readLine(from: output) == "writing", "the writer did not start")
    }

    /// Stops the writer and returns how many times it rewrote the store.
    func stop() -> Int {
        try? input.fileHandleForWriting.close()
        let rest = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Int(String(decoding: rest, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }
}

/// The first line a child process writes to `pipe`, without its newline.
private func readLine(from pipe: Pipe) -> String {
    var received = Data()
    while !received.contains(UInt8(ascii: "\n")) {
        let chunk = pipe.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        received.append(chunk)
    }
    return String(decoding: received, as: UTF8.self).trimmingCharacters(in: .newlines)
}
