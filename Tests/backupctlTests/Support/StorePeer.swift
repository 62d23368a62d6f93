import Foundation
import TestSupport
import Testing

/// A store as Python reads it — `sqlite3` for `.sqlite` files, `plistlib` for `.plist` ones —
/// never through backupctl's own code: the independent judge of what a killed command left.
struct StorePeerReading: Equatable, Sendable {
    /// `ok`, or SQLite's `integrity_check` lines / the reason the property list does not parse.
    var integrity: String
    /// Each key with its kind and its value decoded (JSON blobs parsed, property-list
    /// containers read), as canonical JSON: sorted keys, one line per store key.
    var entries: [String: String]

    /// Keys whose values differ from `other`'s, with both kinds, for failure messages.
    func difference(from other: StorePeerReading) -> String {
        let keys = Set(entries.keys).union(other.entries.keys).sorted()
        let changed = keys.filter { entries[$0] != other.entries[$0] }.map { key in
            "\(key): \(Self.abbreviated(other.entries[key])) → \(Self.abbreviated(entries[key]))"
        }
        return changed.isEmpty ? "no key differs" : changed.joined(separator: "; ")
    }

    private static func abbreviated(_ value: String?) -> String {
        guard let value else { return "absent" }
        return value.count <= 80 ? value : "\(value.prefix(77))…"
    }
}

/// Reads stores with Python, the peer of the crash tests.
enum StorePeer {
    /// Reads the store at `path` — a `.sqlite` file (with its `-wal`, copied aside first so the
    /// peer never changes what it judges) or a `.plist` file.
    /// - Returns: nil when there is no file at `path`.
    static func read(_ path: String) throws -> StorePeerReading? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let output = try ProcessRunner.python(script, [path])
        try #require(output.status == 0, "Python could not read \(path): \(output.stderrText)")
        var lines = output.stdoutText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let integrity = lines.isEmpty ? "" : lines.removeFirst()
        var entries: [String: String] = [:]
        for line in lines where !line.isEmpty {
            guard let tab = line.firstIndex(of: "\t") else { continue }
            entries[String(line[..<tab])] = String(line[line.index(after: tab)...])
        }
        return StorePeerReading(integrity: integrity.replacingOccurrences(of: "\u{1F}", with: "\n"), entries: entries)
    }

    /// `script STORE`: prints the integrity verdict on the first line (its lines joined by
    /// U+001F), then `key<TAB>[kind, value]` per key. The migration journal's `appliedAt` and
    /// `durationMs` are left out: they differ between two runs that did the same thing.
    private static let script = #"""
        import base64, datetime, json, os, plistlib, shutil, sqlite3, sys, tempfile

        path = sys.argv[1]
        REFERENCE = datetime.datetime(2001, 1, 1)

        def plain(value):
            if isinstance(value, bytes):
                return {'bytes': base64.b64encode(value).decode()}
            if isinstance(value, datetime.datetime):
                return {'date': (value.replace(tzinfo=None) - REFERENCE).total_seconds()}
            if isinstance(value, list):
                return [plain(element) for element in value]
            if isinstance(value, dict):
                return {key: plain(element) for key, element in value.items()}
            return value

        def blob(key, data):
            try:
                document = json.loads(data.decode('utf-8'))
            except (UnicodeDecodeError, ValueError):
                return ['data', plain(data)]
            if key == 'data.migrationJournal' and isinstance(document, list):
                for entry in document:
                    if isinstance(entry, dict):
                        entry.pop('appliedAt', None)
                        entry.pop('durationMs', None)
            return ['data', document]

        def kind_of(value):
            if isinstance(value, bool): return 'bool'
            if isinstance(value, int): return 'integer'
            if isinstance(value, float): return 'double'
            if isinstance(value, str): return 'string'
            if isinstance(value, datetime.datetime): return 'date'
            if isinstance(value, list): return 'array'
            return 'dictionary'

        entries, integrity = {}, 'ok'
        if path.endswith('.plist'):
            try:
                with open(path, 'rb') as file:
                    top = plistlib.load(file)
                if not isinstance(top, dict):
                    integrity = 'the top level is not a dictionary'
                    top = {}
            except Exception as error:
                integrity, top = 'does not parse: %s' % error, {}
            for key, value in top.items():
                entries[key] = blob(key, value) if isinstance(value, bytes) else [kind_of(value), plain(value)]
        else:
            scratch = tempfile.mkdtemp()
            try:
                copy = os.path.join(scratch, 'store.sqlite')
                shutil.copyfile(path, copy)
                if os.path.exists(path + '-wal'):
                    shutil.copyfile(path + '-wal', copy + '-wal')
                db = sqlite3.connect(copy)
                integrity = '\x1f'.join(row[0] for row in db.execute('PRAGMA integrity_check'))
                if integrity == 'ok':
                    for key, kind, value in db.execute('SELECT key, kind, value FROM entries'):
                        if kind == 'data':
                            entries[key] = blob(key, value)
                        elif kind in ('array', 'dictionary'):
                            entries[key] = [kind, plain(plistlib.loads(value))]
                        elif kind == 'bool':
                            entries[key] = [kind, bool(value)]
                        elif kind == 'date':
                            entries[key] = [kind, {'date': value}]
                        else:
                            entries[key] = [kind, value]
                db.close()
            except sqlite3.DatabaseError as error:
                integrity = 'SQLite cannot read it: %s' % error
            finally:
                shutil.rmtree(scratch)
        print(integrity)
        for key in sorted(entries):
            print(key + '\t' + json.dumps(entries[key], sort_keys=True, separators=(',', ':')))
        """#
}
