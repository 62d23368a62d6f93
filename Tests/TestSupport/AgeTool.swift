import Foundation

/// The `age` and `age-keygen` command-line tools (Debian's `age` package, installed by
/// `make deps`), the independent peer for interoperability tests.
public enum AgeTool {
    /// A key pair made by `age-keygen`: the identity file it wrote and its public key.
    public struct KeyPair: Sendable {
        public var identityFile: URL
        public var recipient: String
    }

    /// Runs `age-keygen -o <file>` and reads the recipient from its `# public key:` line.
    public static func generateKey(in directory: TemporaryDirectory, name: String = "key.txt") throws -> KeyPair {
        let file = directory.file(name)
        let output = try ProcessRunner.run("age-keygen", ["-o", file.path])
        guard output.status == 0 else { throw Failure(tool: "age-keygen", output: output) }
        let text = try String(contentsOf: file, encoding: .utf8)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("# public key: ") }) else {
            throw Failure(tool: "age-keygen", output: output)
        }
        return KeyPair(identityFile: file, recipient: String(line.dropFirst("# public key: ".count)))
    }

    /// Runs `age` with `arguments` and requires it to succeed.
    @discardableResult
    public static func run(_ arguments: [String], stdin: Data? = nil) throws -> ProcessOutput {
        let output = try ProcessRunner.run("age", arguments, stdin: stdin)
        guard output.status == 0 else { throw Failure(tool: "age", output: output) }
        return output
    }

    /// Runs `age` with `arguments` on a pseudo-terminal made by `script`, typing `typed` into
    /// it: `age` reads passphrases from the terminal only (never from a pipe or a file).
    /// - Returns: the process's output; `age`'s own output files are the result.
    @discardableResult
    public static func runOnTerminal(_ arguments: [String], typing typed: String) throws -> ProcessOutput {
        let command = (["age"] + arguments).map(shellQuoted).joined(separator: " ")
        let output = try ProcessRunner.run("script", ["-qfec", command, "/dev/null"], stdin: Data(typed.utf8))
        guard output.status == 0 else { throw Failure(tool: "age (on a terminal)", output: output) }
        return output
    }

    /// A tool that exited with an error; its standard error explains why.
    public struct Failure: Error, CustomStringConvertible {
        public var tool: String
        public var output: ProcessOutput
        public var description: String {
            "\(tool) exited with \(output.status): \(output.stderrText)\(output.stdoutText)"
        }
    }

    private static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
