import Foundation
import TestSupport
import Testing

/// Nothing lost between `export` and `import`, judged by an independent reader: stores written
/// and read back by Python's `sqlite3` and `plistlib`, never by backupctl.
@Suite struct LosslessCommandTests {
    /// Python helpers: a store file read into the form of Tests/Fixtures' expected stores —
    /// JSON data parsed, strings, integers and Booleans as themselves, the rest as
    /// `{"$base64"|"$double"|"$date"|"$array"|"$dictionary": …}` — and written from that form.
    static let storeForm = #"""
        import base64, datetime, json, plistlib, sqlite3, sys

        EPOCH = datetime.datetime(2001, 1, 1)

        def nested(value):
            if isinstance(value, bytes):
                return {"$base64": base64.b64encode(value).decode()}
            if isinstance(value, datetime.datetime):
                return {"$date": (value.replace(tzinfo=None) - EPOCH).total_seconds()}
            if isinstance(value, float):
                return {"$double": value}
            if isinstance(value, list):
                return {"$array": [nested(item) for item in value]}
            if isinstance(value, dict):
                return {"$dictionary": {key: nested(item) for key, item in value.items()}}
            return value

        def top(value):
            if isinstance(value, bytes):
                try:
                    return json.loads(value.decode("utf-8"))
                except ValueError:
                    pass
            return nested(value)

        def read(path):
            """Every key of a store file but the migration journal, in the expected form."""
            if path.endswith(".plist"):
                with open(path, "rb") as handle:
                    values = plistlib.load(handle)
                return {key: top(value) for key, value in values.items() if key != "data.migrationJournal"}
            db = sqlite3.connect(path)
            result = {}
            for key, kind, value in db.execute("SELECT key, kind, value FROM entries"):
                if key == "data.migrationJournal":
                    continue
                if kind == "bool":
                    value = bool(value)
                elif kind == "date":
                    value = EPOCH + datetime.timedelta(seconds=value)
                elif kind in ("array", "dictionary"):
                    value = plistlib.loads(value)
                result[key] = top(value)
            db.close()
            return result

        \#(PythonJSONDifference.function)
        """#

    /// The backup fixture of every version this build reads (`1...currentSchemaVersion`), as the
    /// fixture guard finds them.
    static let fixtures = BackupFixtureCommandTests.fixtures.map(\.file)

    /// Each backup fixture imported end to end into an empty store, on both store files, holds
    /// exactly what its expected store says (generate-fixtures.py writes it from the documented
    /// rules).
    @Test(arguments: fixtures, ["sqlite", "plist"])
    func eachBackupFixtureImportsIntoAnEmptyStoreAsExpected(fixture: String, suffix: String) throws {
        let workspace = try CommandWorkspace()
        let store = workspace.path("store.\(suffix)")
        let run = try workspace.backupctl("import", Fixtures.url("Backups/\(fixture)").path, "--store", store)
        #expect(run.status == 0, "\(run.stdoutText)\(run.stderrText)")
        let stem = String(fixture.prefix { $0 != "." })
        let check = try workspace.python(
            Self.storeForm + """

                expected = json.load(open(sys.argv[2]))["store"]
                found = difference(expected, read(sys.argv[1]), "store")
                print(found or "same")
                """, store, Fixtures.url("Backups/\(stem).expected-store.json").path)
        #expect(check.stdoutText == "same\n", "\(fixture) into .\(suffix): \(check.stdoutText)\(check.stderrText)")
    }

    /// A store with a field this build does not know in a record and in a nested record, store
    /// keys it does not know (of several kinds), a record it cannot decode and a stored value it
    /// cannot read at all: written by Python, exported and imported into an empty store by
    /// backupctl, read back by Python — all of it there, exactly.
    @Test(arguments: ["sqlite", "plist"])
    func aStoreWithEverythingThisBuildDoesNotUnderstandSurvivesExportAndImport(suffix: String) throws {
        let workspace = try CommandWorkspace()
        let source = workspace.path("source.\(suffix)")
        let target = workspace.path("target.\(suffix)")
        let id = { (number: Int) in SampleIdentity.uuidText(decimal: number) }
        let values: [String: Any] = [
            "trackedDomains": #"""
            [{"id":"\#(id(1))","domain":"example.com","notes":"","tags":[],"status":"active","isFavorite":false,"addedAt":"2026-01-01T00:00:00Z","pinColor":"#ff8800","reminder":{"every" : "P30D"}},
             {"domain":"no-id.example","addedAt":"2026-01-02T00:00:00Z"}]
            """#,
            "lookupHistory": #"""
            [{"id":"\#(id(2))","domain":"example.com","capturedAt":"2026-01-01T00:00:00Z","trigger":"manual","durationMs":0,"dns":{"records":[{"type":"A","name":"example.com","value":"1.2.3.4","ttl":0,"dnssec":"secure"}]}}]
            """#,
            "purchase.cachedEntitlement": #"{"productId": "pro", "verifiedAt": "not a date"}"#,
        ]
        let written = try workspace.python(
            Self.storeForm + #"""

                values = json.loads(sys.stdin.read())
                store = {key: text.encode() for key, text in values.items()}
                store["data.storeSchemaVersion"] = 3
                store["reminders.v2"] = b'{"enabled": true}'
                store["opaque.blob"] = bytes([0, 1, 254, 255])
                store["launchCount"] = 42
                store["onboarding.seen"] = True
                store["zoom"] = 1.25
                store["installedAt"] = EPOCH + datetime.timedelta(seconds=788918400.5)
                store["pinnedTags"] = ["client", "web"]
                store["windowFrame"] = {"width": 1280, "height": 800.5}
                path = sys.argv[1]
                if path.endswith(".plist"):
                    with open(path, "wb") as handle:
                        plistlib.dump(store, handle, fmt=plistlib.FMT_BINARY)
                else:
                    db = sqlite3.connect(path)
                    db.executescript("PRAGMA application_id = 1145333570; PRAGMA user_version = 1; PRAGMA journal_mode = WAL;"
                                     "CREATE TABLE entries (key TEXT PRIMARY KEY NOT NULL, kind TEXT NOT NULL, value BLOB);")
                    for key, value in store.items():
                        if isinstance(value, bool):
                            row = ("bool", int(value))
                        elif isinstance(value, int):
                            row = ("integer", value)
                        elif isinstance(value, float):
                            row = ("double", value)
                        elif isinstance(value, datetime.datetime):
                            row = ("date", (value - EPOCH).total_seconds())
                        elif isinstance(value, list):
                            row = ("array", plistlib.dumps(value, fmt=plistlib.FMT_BINARY))
                        elif isinstance(value, dict):
                            row = ("dictionary", plistlib.dumps(value, fmt=plistlib.FMT_BINARY))
                        else:
                            row = ("data", value)
                        db.execute("INSERT INTO entries VALUES (?, ?, ?)", (key,) + row)
                    db.commit()
                    db.close()
                """#, source, stdin: try JSONSerialization.data(withJSONObject: values))
        try #require(written.status == 0, "\(written.stderrText)")

        let export = try workspace.backupctl("export", "--store", source, "-o", "b.ddbackup")
        #expect(export.status == 0, "\(export.stderrText)")
        #expect(
            export.stdoutText.contains(
                "Carried as they are, to be restored on import: 2 unreadable records, 8 store keys"))
        let validate = try workspace.backupctl("validate", "b.ddbackup")
        #expect(validate.status == 0, "\(validate.stdoutText)")
        let imported = try workspace.backupctl("import", "b.ddbackup", "--store", target)
        #expect(imported.status == 0, "\(imported.stderrText)")

        let check = try workspace.python(
            Self.storeForm + #"""

                source, target = read(sys.argv[1]), read(sys.argv[2])
                problems = []
                def expect(condition, message):
                    if not condition:
                        problems.append(message)
                tracked = target["trackedDomains"]
                expect(tracked[0]["pinColor"] == "#ff8800" and tracked[0]["reminder"] == {"every": "P30D"}, f"unknown fields: {tracked[0]}")
                expect(tracked[-1] == {"domain": "no-id.example", "addedAt": "2026-01-02T00:00:00Z"}, f"the undecodable record: {tracked}")
                expect(target["lookupHistory"][0]["dns"]["records"][0]["dnssec"] == "secure", "the nested unknown field")
                for key in ("purchase.cachedEntitlement", "reminders.v2", "opaque.blob", "launchCount", "onboarding.seen",
                            "zoom", "installedAt", "pinnedTags", "windowFrame"):
                    found = difference(source[key], target.get(key), key)
                    expect(found is None, found)
                # The raw bytes of the unknown field's value, as written.
                if sys.argv[2].endswith(".plist"):
                    raw = plistlib.load(open(sys.argv[2], "rb"))["trackedDomains"]
                else:
                    raw = sqlite3.connect(sys.argv[2]).execute("SELECT value FROM entries WHERE key = 'trackedDomains'").fetchone()[0]
                expect(b'"reminder":{"every" : "P30D"}' in raw, raw)
                print("\n".join(problems) or "all there")
                """#, source, target)
        #expect(check.stdoutText == "all there\n", "\(check.stdoutText)\(check.stderrText)")
    }

    /// `status` names the keys an export carries because this build does not read them.
    @Test func statusListsLeftoverAndUnknownKeys() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.writeStore(
            "store.sqlite", blobs: ["watchedDomains": "[]", "trackedDomains": "[]", "reminders.v2": "{}"],
            schemaVersion: 3)
        let status = try workspace.backupctl("status", "--store", store)
        #expect(status.status == 0)
        #expect(
            status.stdoutText.contains(
                "Leftover legacy keys (the data no longer comes from them; export carries them as they are): watchedDomains"
            ))
        #expect(
            status.stdoutText.contains("Keys this build does not know (export carries them as they are): reminders.v2"))
        let json = try workspace.backupctl("status", "--store", store, "--json").jsonObject()
        #expect(json["leftoverKeys"] as? [String] == ["watchedDomains"])
        #expect(json["unknownKeys"] as? [String] == ["reminders.v2"])
    }
}
