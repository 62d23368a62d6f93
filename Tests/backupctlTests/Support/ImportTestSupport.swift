import Foundation
import TestSupport
import Testing

/// A backup damaged the way the import must refuse (design §7): each leaves the store as it was.
enum BackupDamage: String, CaseIterable, Sendable {
    /// One tracked domain whose domain is no domain name; the checksums are recomputed, so
    /// only validation can tell.
    case invalidRecord
    /// The manifest says schema version 99.
    case newerVersion
    /// One byte of the lookup history changed after its checksum was taken.
    case checksumMismatch
    /// The file cut at two thirds, as by an interrupted copy.
    case truncated
    /// The carried store key's element names its key twice: backupctl would read the first,
    /// Python and jq the last. The checksums are recomputed, so only validation can tell.
    case repeatedCarriedKey

    /// The exit status of design §7.
    var expectedStatus: Int32 { self == .newerVersion ? 76 : 65 }
}

/// Backups and stores made by Python — `tarfile`, `sqlite3`, `hashlib`, with the `zstd`
/// program — as an independent peer, for the import's command-line tests.
extension CommandWorkspace {
    /// Copies a file in the folder and returns the copy's path.
    func copy(_ source: String, to name: String) throws -> String {
        let destination = path(name)
        try? FileManager.default.removeItem(atPath: destination)
        try FileManager.default.copyItem(atPath: source.hasPrefix("/") ? source : path(source), toPath: destination)
        return destination
    }

    /// The SHA-256 of the store file and, when present, of its `-wal`: what a refused import
    /// must leave exactly as it was.
    func fileDigests(_ store: String) throws -> [String: String] {
        let output = try python(
            """
            import hashlib, json, os, sys
            digests = {}
            for suffix in ('', '-wal'):
                if os.path.exists(sys.argv[1] + suffix):
                    with open(sys.argv[1] + suffix, 'rb') as file:
                        digests['store' + suffix] = hashlib.sha256(file.read()).hexdigest()
            print(json.dumps(digests))
            """, store)
        try #require(output.status == 0, "hashing failed: \(output.stderrText)")
        return try #require(try output.jsonObject() as? [String: String])
    }

    /// Each section of a backup (any compression), by name without `sections/` and `.json`:
    /// its text, or with `digests` its SHA-256, read by Python's `tarfile`.
    func sections(ofBackup backup: String, digests: Bool = false) throws -> [String: String] {
        let output = try python(
            """
            import hashlib, io, json, subprocess, sys, tarfile
            data = open(sys.argv[1], 'rb').read()
            if data[:4] == bytes([0x28, 0xB5, 0x2F, 0xFD]):
                data = subprocess.run(['zstd', '-q', '-d', '-c'], input=data, capture_output=True, check=True).stdout
            sections = {}
            with tarfile.open(fileobj=io.BytesIO(data), mode='r:*') as tar:
                for member in tar.getmembers():
                    if member.name.startswith('sections/'):
                        bytes_ = tar.extractfile(member).read()
                        sections[member.name[9:-5]] = hashlib.sha256(bytes_).hexdigest() if sys.argv[2] == 'digests' else bytes_.decode()
            print(json.dumps(sections))
            """, backup.hasPrefix("/") ? backup : path(backup), digests ? "digests" : "text")
        try #require(output.status == 0, "reading \(backup) failed: \(output.stderrText)")
        return try #require(try output.jsonObject() as? [String: String])
    }

    /// Exports `store` with `backupctl export` and returns its sections (see `sections(ofBackup:digests:)`).
    func exportedSections(_ store: String, digests: Bool = false) throws -> [String: String] {
        let name = "exported-\(UUID().uuidString).ddbackup"
        let backup = try exportBackup(from: store, to: name)
        defer { try? FileManager.default.removeItem(atPath: backup) }
        return try sections(ofBackup: backup, digests: digests)
    }

    /// Writes a SQLite store the way backupctl lays one out (application id, table, WAL),
    /// holding `blobs` (JSON text by key) and, unless nil, the schema version stamp.
    func writeStore(_ name: String, blobs: [String: String], schemaVersion: Int?) throws -> String {
        let store = path(name)
        var rows = blobs.map { ($0.key, "data", $0.value) }
        if let schemaVersion { rows.append(("data.storeSchemaVersion", "integer", String(schemaVersion))) }
        let json = try JSONSerialization.data(withJSONObject: rows.map { [$0.0, $0.1, $0.2] })
        let output = try python(
            """
            import json, os, sqlite3, sys
            os.close(os.open(sys.argv[1], os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
            db = sqlite3.connect(sys.argv[1])
            db.executescript('PRAGMA application_id = 1145333570; PRAGMA user_version = 1; PRAGMA journal_mode = WAL;'
                             'CREATE TABLE entries (key TEXT PRIMARY KEY NOT NULL, kind TEXT NOT NULL, value BLOB);')
            for key, kind, value in json.load(sys.stdin):
                db.execute('INSERT INTO entries VALUES (?, ?, ?)', (key, kind, int(value) if kind == 'integer' else value.encode()))
            db.commit()
            db.close()
            """, store, stdin: json)
        try #require(output.status == 0, "writing \(name) failed: \(output.stderrText)")
        return store
    }

    /// Sets the store's schema version stamp with Python's `sqlite3`, as a newer build would.
    func stampStore(_ store: String, version: Int) throws {
        let output = try python(
            """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("INSERT OR REPLACE INTO entries VALUES ('data.storeSchemaVersion', 'integer', ?)", (int(sys.argv[2]),))
            db.commit()
            db.close()
            """, store, String(version))
        try #require(output.status == 0, "stamping \(store) failed: \(output.stderrText)")
    }

    /// Writes an uncompressed v3 backup with Python's `tarfile`: `sections` (JSON text by
    /// section name) and, for the sections not given, those of an empty store.
    func craftBackup(_ name: String, sections: [String: String]) throws -> String {
        let backup = path(name)
        let json = try JSONSerialization.data(withJSONObject: sections)
        let output = try python(
            """
            import hashlib, io, json, sys, tarfile
            given = json.load(sys.stdin)
            names = ['trackedDomains', 'lookupHistory', 'domainAudits', 'domainWorkflows', 'monitoringSettings',
                     'monitoringLogs', 'appSettings', 'entitlement', 'usageCredits']
            empty = {'monitoringSettings': '{}', 'appSettings': '{}', 'entitlement': 'null', 'usageCredits': 'null'}
            entries, listing = [], []
            for name in names:
                data = given.get(name, empty.get(name, '[]')).encode()
                value = json.loads(data)
                records = len(value) if isinstance(value, list) else (0 if value is None else 1)
                path = 'sections/%s.json' % name
                entries.append((path, data))
                listing.append({'name': name, 'path': path, 'records': records, 'bytes': len(data),
                                'sha256': hashlib.sha256(data).hexdigest()})
            manifest = json.dumps({'format': 'DomainDigBackup', 'schemaVersion': 3, 'createdAt': '2026-01-01T00:00:00Z',
                                   'producer': {'name': 'python', 'version': '3'}, 'storeSchemaVersion': 3,
                                   'compression': 'none', 'sections': listing}).encode()
            with tarfile.open(sys.argv[1], 'w', format=tarfile.PAX_FORMAT) as tar:
                for path, data in [('manifest.json', manifest)] + entries:
                    info = tarfile.TarInfo(path)
                    info.size, info.mode = len(data), 0o600
                    tar.addfile(info, io.BytesIO(data))
            """, backup, stdin: json)
        try #require(output.status == 0, "crafting \(name) failed: \(output.stderrText)")
        return backup
    }

    /// A damaged copy of a zstd backup, named after the damage.
    func damagedBackup(from backup: String, _ damage: BackupDamage) throws -> String {
        let damaged = path("\(damage.rawValue).ddbackup")
        let output = try python(
            """
            import hashlib, io, json, subprocess, sys, tarfile
            source, damage, output = sys.argv[1:4]
            data = open(source, 'rb').read()
            if damage == 'truncated':
                open(output, 'wb').write(data[:len(data) * 2 // 3])
                sys.exit(0)
            tar = tarfile.open(fileobj=io.BytesIO(subprocess.run(['zstd', '-q', '-d', '-c'], input=data,
                                                                 capture_output=True, check=True).stdout))
            entries = [(member.name, tar.extractfile(member).read()) for member in tar.getmembers()]
            manifest = json.loads(entries[0][1])
            sections = dict(entries[1:])
            if damage == 'invalidRecord':
                domains = json.loads(sections['sections/trackedDomains.json'])
                domains[3]['domain'] = 'exa mple..com'
                sections['sections/trackedDomains.json'] = json.dumps(domains, separators=(',', ':')).encode()
            elif damage == 'repeatedCarriedKey':
                carried = sections['carried/storeKeys.json']
                sections['carried/storeKeys.json'] = carried.replace(
                    b'{"key":"reminders.v2",', b'{"key":"reminders.v2","key":"reminders.v3",', 1)
                assert sections['carried/storeKeys.json'] != carried
            elif damage == 'newerVersion':
                manifest['schemaVersion'] = 99
            elif damage == 'checksumMismatch':
                history = bytearray(sections['sections/lookupHistory.json'])
                history[100] = ord('7') if history[100] != ord('7') else ord('8')
                sections['sections/lookupHistory.json'] = bytes(history)
            if damage in ('invalidRecord', 'repeatedCarriedKey'):
                for listing in manifest['sections']:
                    listing['bytes'] = len(sections[listing['path']])
                    listing['sha256'] = hashlib.sha256(sections[listing['path']]).hexdigest()
            buffer = io.BytesIO()
            with tarfile.open(fileobj=buffer, mode='w', format=tarfile.PAX_FORMAT) as out:
                for path, data in [('manifest.json', json.dumps(manifest).encode())] + list(sections.items()):
                    info = tarfile.TarInfo(path)
                    info.size, info.mode = len(data), 0o600
                    out.addfile(info, io.BytesIO(data))
            compressed = subprocess.run(['zstd', '-q', '-c'], input=buffer.getvalue(), capture_output=True, check=True).stdout
            open(output, 'wb').write(compressed)
            """, backup.hasPrefix("/") ? backup : path(backup), damage.rawValue, damaged)
        try #require(output.status == 0, "damaging \(backup) failed: \(output.stderrText)")
        return damaged
    }

    /// The safety snapshots beside `storeName`: `<store>.before-import-<UTC time>.<sqlite|plist>`.
    func safetySnapshots(of storeName: String) throws -> [String] {
        try names().filter { $0.hasPrefix("\(storeName).before-import-") }
    }

    /// The names in the folder without SQLite's `-wal`/`-shm` companions of open stores.
    func namesWithoutCompanions() throws -> [String] {
        try names().filter { !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
    }
}

extension CommandWorkspace {
    /// Each key of a SQLite store with its kind, size and SHA-256, read by Python's `sqlite3`
    /// through SQLite's normal open, so committed data still in the `-wal` counts (after a
    /// killed writer, `storeDump`'s immutable read would see only the main file).
    func storeContents(_ store: String) throws -> String {
        let output = try python(
            """
            import hashlib, sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            for key, kind, value in db.execute('SELECT key, kind, value FROM entries ORDER BY key'):
                raw = value if isinstance(value, bytes) else repr(value).encode()
                print(key, kind, len(raw), hashlib.sha256(raw).hexdigest())
            db.close()
            """, store)
        try #require(output.status == 0, "reading the store failed: \(output.stderrText)")
        return output.stdoutText
    }

    /// Starts `backupctl` in the folder without waiting for it; its output is discarded.
    func start(_ arguments: [String], standardInput: Pipe? = nil, environment: [String: String] = [:]) throws -> Process
    {
        let process = Process()
        process.executableURL = BuildProducts.backupctl
        process.arguments = arguments
        process.currentDirectoryURL = url
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = standardInput ?? FileHandle.nullDevice
        try process.run()
        return process
    }

    /// The size of a file, or nil when there is none.
    func fileSize(_ path: String) -> Int64? {
        var status = stat()
        return stat(path, &status) == 0 ? Int64(status.st_size) : nil
    }
}

/// Polls `condition` every millisecond while `process` runs.
/// - Returns: true once it holds with the process still running; false if the process ended first.
func waitWhileRunning(_ process: Process, until condition: () -> Bool) -> Bool {
    while process.isRunning {
        if condition() { return process.isRunning }
        usleep(1000)
    }
    return false
}
