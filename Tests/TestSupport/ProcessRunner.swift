import Foundation

/// What a finished child process left behind.
public struct ProcessOutput: Sendable {
    /// The exit status, or 128 + signal number when the process was killed.
    public var status: Int32
    public var stdout: Data
    public var stderr: Data

    public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    public var stderrText: String { String(decoding: stderr, as: UTF8.self) }
}

/// Runs programs for tests: the built `backupctl`, Python as an independent peer, `tar`, `sqlite3`.
public enum ProcessRunner {
    /// Points `process` at a program: an absolute path as it is, a name through `PATH`.
    public static func setProgram(of process: Process, to executable: String, _ arguments: [String]) {
        if executable.hasPrefix("/") {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [executable] + arguments
        }
    }

    /// Runs a program to completion.
    /// - Parameters:
    ///   - executable: an absolute path, or a name looked up on `PATH`.
    ///   - arguments: the arguments after the program's name.
    ///   - stdin: bytes written to the child's standard input, then closed.
    ///   - environment: variables added to (or replacing) the current environment.
    ///   - currentDirectory: the child's working directory.
    public static func run(
        _ executable: String,
        _ arguments: [String],
        stdin: Data? = nil,
        environment: [String: String] = [:],
        currentDirectory: URL? = nil
    ) throws -> ProcessOutput {
        let process = Process()
        setProgram(of: process, to: executable, arguments)
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }

        let outPipe = Pipe()
        let errPipe = Pipe()
        let inPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = inPipe
        try process.run()

        // Drain both pipes concurrently so a chatty child never blocks on a full pipe.
        let group = DispatchGroup()
        nonisolated(unsafe) var out = Data()
        nonisolated(unsafe) var err = Data()
        group.enter()
        DispatchQueue.global().async {
            out = outPipe.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        group.enter()
        DispatchQueue.global().async {
            err = errPipe.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        if let stdin {
            inPipe.fileHandleForWriting.write(stdin)
        }
        try? inPipe.fileHandleForWriting.close()
        process.waitUntilExit()
        group.wait()
        let status =
            process.terminationReason == .uncaughtSignal
            ? 128 + process.terminationStatus
            : process.terminationStatus
        return ProcessOutput(status: status, stdout: out, stderr: err)
    }

    /// The Python interpreter tests use as an independent peer.
    ///
    /// `make test` points `BACKUPCTL_TEST_PYTHON` at a virtual environment holding `jsonschema`;
    /// without it, `python3` from `PATH`.
    public static var python: String {
        ProcessInfo.processInfo.environment["BACKUPCTL_TEST_PYTHON"] ?? "python3"
    }

    /// Runs a Python script given as text, with arguments.
    public static func python(_ script: String, _ arguments: [String] = [], stdin: Data? = nil) throws -> ProcessOutput
    {
        try run(python, ["-c", script] + arguments, stdin: stdin)
    }
}
