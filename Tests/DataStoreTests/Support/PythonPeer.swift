import Foundation
import TestSupport
import Testing

/// Runs a Python script as an independent peer and returns its standard output, recording
/// the script's error output when it fails.
func runPython(_ script: String, _ arguments: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let output = try ProcessRunner.python(script, arguments)
    try #require(output.status == 0, "python failed: \(output.stderrText)", sourceLocation: sourceLocation)
    return output.stdoutText
}

/// Runs a Python script that prints one JSON document, and decodes it.
func runPythonJSON(_ script: String, _ arguments: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) throws -> Any {
    let text = try runPython(script, arguments, sourceLocation: sourceLocation)
    return try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
}
