import Foundation
import TestSupport
import Testing

/// Runs a Python script as an independent peer and returns its standard output, recording
/// the script's error output when it fails.
func runPython(_ script: String, _ arguments: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) throws
    -> String
{
    let output = try ProcessRunner.python(script, arguments)
    try #require(output.status == 0, "python failed: \(output.stderrText)", sourceLocation: sourceLocation)
    return output.stdoutText
}

/// Runs a Python script that prints one JSON document, and decodes it.
func runPythonJSON(_ script: String, _ arguments: [String] = [], sourceLocation: SourceLocation = #_sourceLocation)
    throws -> Any
{
    let text = try runPython(script, arguments, sourceLocation: sourceLocation)
    return try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
}

/// Runs SQL statements, in order, on the database at `url` (created when missing) through
/// Python's own `sqlite3` module, an independent client, then commits and closes it.
func executeSQLWithPython(_ statements: [String], at url: URL, sourceLocation: SourceLocation = #_sourceLocation) throws
{
    _ = try runPython(
        """
        import sqlite3, sys
        db = sqlite3.connect(sys.argv[1])
        for statement in sys.argv[2:]:
            db.execute(statement)
        db.commit()
        db.close()
        """, [url.path] + statements, sourceLocation: sourceLocation)
}

/// Writes `url` with Python's `plistlib`, an independent writer: `value` is a Python
/// expression, `binary` picks `FMT_BINARY` over plistlib's default, XML.
func writePropertyListWithPython(
    _ value: String, to url: URL, binary: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let format = binary ? "plistlib.FMT_BINARY" : "plistlib.FMT_XML"
    _ = try runPython(
        "import plistlib, sys; plistlib.dump(\(value), open(sys.argv[1], 'wb'), fmt=\(format))", [url.path],
        sourceLocation: sourceLocation)
}
