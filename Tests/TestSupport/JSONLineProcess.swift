import Foundation

/// A Python peer that talks in lines of JSON: it announces itself with a first line, then
/// answers each command line with one line `{"ok": true, "result": …}` or
/// `{"ok": false, "error": …}`. It ends when its standard input closes — when `stop()` is
/// called, when the value is released, or when the test process exits — so no peer outlives
/// the tests.
public final class JSONLineProcess: @unchecked Sendable {
    /// The peer ended, or answered with an error.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    /// Serialises commands (tests run in parallel); guards `pending`.
    private let lock = NSLock()
    private var pending = Data()

    /// The peer's first line.
    public let greeting: String

    /// Starts `script` (under `Tests/Fixtures/`) with the test Python and waits for its first line.
    public init(script: String, arguments: [String] = [], environment: [String: String] = [:]) throws {
        ProcessRunner.setProgram(
            of: process, to: ProcessRunner.python, [Fixtures.url(script).path] + arguments)
        var variables = ProcessInfo.processInfo.environment
        for (name, value) in environment { variables[name] = value }
        process.environment = variables
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        guard let first = Self.readLine(from: output, buffer: &pending) else {
            let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw Failure(description: "\(script) ended before it was ready: \(said)")
        }
        greeting = first
    }

    /// Sends one command and returns the `result` of its answer.
    /// - Throws: `Failure` when the peer reports an error or has ended.
    @discardableResult
    public func send(_ command: [String: Any]) throws -> Any? {
        try lock.withLock {
            var line = try JSONSerialization.data(withJSONObject: command)
            line.append(UInt8(ascii: "\n"))
            input.fileHandleForWriting.write(line)
            guard let answer = Self.readLine(from: output, buffer: &pending),
                let object = try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any]
            else { throw Failure(description: "the peer ended while answering \(command)") }
            guard object["ok"] as? Bool == true else {
                throw Failure(description: "the peer failed \(command): \(object["error"] ?? "")")
            }
            return object["result"] is NSNull ? nil : object["result"]
        }
    }

    /// Closes the peer's standard input and waits for it to end.
    public func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    deinit {
        if process.isRunning { stop() }
    }

    private static func readLine(from pipe: Pipe, buffer: inout Data) -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                buffer = Data(buffer[(newline + 1)...])
                return line
            }
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { return nil }
            buffer.append(chunk)
        }
    }
}
