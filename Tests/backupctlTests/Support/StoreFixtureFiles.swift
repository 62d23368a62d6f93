import Foundation
import TestSupport
import Testing

extension CommandWorkspace {
    /// A copy of a store fixture (`Tests/Fixtures/Stores/<fixture>.plist`) in the folder under
    /// `name`: the property list itself for a `.plist` name, else the same keys and values in
    /// an SQLite store written by Python (kinds as `SQLiteStore` stores them).
    func storeFixture(_ fixture: String, as name: String) throws -> String {
        let source = Fixtures.url("Stores/\(fixture).plist").path
        guard !name.hasSuffix(".plist") else { return try copy(source, to: name) }
        let store = path(name)
        let output = try python(
            """
            import plistlib, sqlite3, sys
            values = plistlib.load(open(sys.argv[1], 'rb'))
            db = sqlite3.connect(sys.argv[2])
            db.executescript('''
                PRAGMA application_id = 1145333570; PRAGMA user_version = 1; PRAGMA journal_mode = WAL;
                CREATE TABLE entries (key TEXT PRIMARY KEY NOT NULL, kind TEXT NOT NULL, value BLOB);
            ''')
            for key, value in values.items():
                if isinstance(value, bool): row = ('bool', int(value))
                elif isinstance(value, int): row = ('integer', value)
                elif isinstance(value, float): row = ('double', value)
                elif isinstance(value, str): row = ('string', value)
                elif isinstance(value, bytes): row = ('data', value)
                else: row = ('array' if isinstance(value, list) else 'dictionary', plistlib.dumps(value, fmt=plistlib.FMT_BINARY))
                db.execute('INSERT INTO entries VALUES (?, ?, ?)', (key,) + row)
            db.commit()
            db.close()
            """, source, store)
        try #require(output.status == 0, "converting the fixture failed: \(output.stderrText)")
        return store
    }

    /// A folder `name` (mode 0755) holding a sample store the user `nobody` may read (0644)
    /// but, like the folder, not write; returns the store's path.
    func readOnlyStore(_ storeName: String, in name: String = "ro", seed: Int = 1) throws -> String {
        let store = try sampleStore("\(name)/\(storeName)", seed: seed)
        chmod(path(name), 0o755)
        chmod(store, 0o644)
        return store
    }

    /// A folder anyone may write, for outputs of commands run as `nobody`.
    func sharedFolder(_ name: String = "out") throws -> String {
        try FileManager.default.createDirectory(atPath: path(name), withIntermediateDirectories: true)
        chmod(path(name), 0o777)
        return path(name)
    }
}
