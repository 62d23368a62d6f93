import Foundation
import TestSupport
import Testing

/// `Tests/Fixtures/schema-records.py`, the independent peer that draws records from the published
/// JSON Schema with Python's `hypothesis-jsonschema`, writes them into backups, and compares what
/// `backupctl export` gives back with what it drew, modulo the canonical forms of
/// Docs/data-model.md. `make test` installs `hypothesis-jsonschema` and `jsonschema` into .venv;
/// without them these tests fail, never skip.
enum SchemaRecordsPeer {
    static let script = Fixtures.url("schema-records.py").path

    /// One value that did not come back as it was written.
    struct Mismatch: CustomStringConvertible {
        var section: String
        var path: String
        var problem: String
        /// The values as compact JSON text.
        var expected: String
        var found: String
        /// The record (or section object) as it was drawn, the one to reproduce the failure with.
        var generated: String

        var description: String {
            "\(path): \(problem); expected \(expected), exported \(found)\n    generated record: \(generated)"
        }

        init(_ fields: [String: Any]) throws {
            func text(_ key: String) throws -> String {
                let data = try JSONSerialization.data(
                    withJSONObject: fields[key] ?? NSNull(), options: [.fragmentsAllowed, .withoutEscapingSlashes])
                return String(decoding: data, as: UTF8.self)
            }
            section = fields["section"] as? String ?? ""
            path = fields["path"] as? String ?? ""
            problem = fields["problem"] as? String ?? ""
            expected = try text("expected")
            found = try text("found")
            generated = try text("generated")
        }
    }

    /// Fails the current test unless the interpreter can import what the script needs.
    static func requireAvailable() throws {
        let probe = try ProcessRunner.python("import hypothesis, hypothesis_jsonschema, jsonschema")
        try #require(
            probe.status == 0,
            """
            \(ProcessRunner.python) cannot import hypothesis-jsonschema and jsonschema: the schema-generated \
            record tests need them. Run `make test` (it installs them into .venv), or run `make python-deps` \
            once and then BACKUPCTL_TEST_PYTHON=$PWD/.venv/bin/python swift test. Python said: \(probe.stderrText)
            """)
    }

    /// Draws `examples` values of every section from `schema` and writes backup `i` as
    /// `folder/backup-<i>.ddbackup`, beside what it holds as `folder/backup-<i>.generated.json`.
    static func generate(schema: String, into folder: URL, examples: Int, seed: Int) throws {
        try requireAvailable()
        let output = try run("generate", schema, folder.path, "--examples", String(examples), "--seed", String(seed))
        try #require(output.status == 0, "drawing records from the schema failed: \(output.stderrText)")
        try #require(output.stdoutText == "\(examples)\n", "\(output.stdoutText)")
    }

    /// Writes `sections` (section name → JSON value; the others empty) as a backup at `output`.
    /// - Returns: jsonschema's errors about the sections, as `path: message`.
    static func write(_ sections: [String: Any], schema: String, to output: URL) throws -> [String] {
        try requireAvailable()
        let document = output.deletingPathExtension().appendingPathExtension("sections.json")
        try JSONSerialization.data(withJSONObject: sections).write(to: document)
        let result = try run("write", schema, document.path, output.path)
        try #require(result.status == 0, "writing the backup failed: \(result.stderrText)")
        let violations = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [[String: String]])
        return violations.map { "\($0["path"] ?? ""): \($0["message"] ?? "")" }
    }

    /// What `exported` does not give back of `generated`.
    static func compare(schema: String, generated: URL, exported: String) throws -> [Mismatch] {
        let output = try run("compare", schema, generated.path, exported)
        try #require(output.status == 0, "comparing \(exported) failed: \(output.stderrText)")
        let mismatches = try #require(try JSONSerialization.jsonObject(with: output.stdout) as? [[String: Any]])
        return try mismatches.map(Mismatch.init)
    }

    private static func run(_ arguments: String...) throws -> ProcessOutput {
        try ProcessRunner.run(ProcessRunner.python, [script] + arguments)
    }
}
