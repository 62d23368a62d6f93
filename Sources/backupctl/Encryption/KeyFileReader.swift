import AgeEncryption
import Cryptography
import DurableIO

/// Reads the files keys are given in: identity files, recipients files, passphrase files.
///
/// Secrets are read straight into wiped-on-release memory, never into a `String`. A secret
/// file that others may read gets a warning, as ssh gives for a private key.
enum KeyFileReader {
    /// No key file is larger than this; a larger one is not a key file (a backup given by mistake).
    static let maximumSize: Int64 = 1 << 20

    /// The identities in an identity file (`AGE-SECRET-KEY-1…` lines, as `age-keygen` writes).
    /// - Parameter option: the option that named the file, for messages.
    static func identities(in path: String, option: String, console: Console) throws -> [X25519Identity] {
        let contents = try readSecret(path, option: option, holding: "an identity file", console: console)
        return try AgeKeyFile.identities(in: contents, source: path)
    }

    /// The recipients in a recipients file (`age1…` lines).
    static func recipients(in path: String, option: String) throws -> [X25519Recipient] {
        let file = try open(path, option: option, holding: "a recipients file")
        let contents = try file.readAll(limit: Int(maximumSize))
        return try AgeKeyFile.recipients(in: [UInt8](contents), source: path)
    }

    /// The passphrase in a passphrase file: its contents without the final line ending.
    static func passphrase(in path: String, option: String, console: Console) throws -> SecretBytes {
        let contents = try readSecret(path, option: option, holding: "a passphrase file", console: console)
        let length = contents.withUnsafeBytes { bytes in
            var end = bytes.count
            if end > 0 && bytes[end - 1] == 0x0A { end -= 1 }
            if end > 0 && bytes[end - 1] == 0x0D { end -= 1 }
            return end
        }
        guard length > 0 else {
            throw CommandFailure(
                .usage, "\(option) \(path): the file holds no passphrase.",
                hint: "Write the passphrase on the file's first line.")
        }
        return SecretBytes(prefix: length, of: contents)
    }

    /// A secret file's bytes, read into wiped-on-release memory.
    private static func readSecret(_ path: String, option: String, holding kind: String, console: Console) throws
        -> SecretBytes
    {
        let file = try open(path, option: option, holding: kind)
        let status = try file.status()
        guard status.isRegularFile, status.size <= maximumSize else {
            throw CommandFailure(
                .usage,
                "\(option) \(path) is not a key file (\(status.isRegularFile ? "too large" : "not a regular file")).")
        }
        if status.isAccessibleToOthers {
            console.warn(
                CommandWarning(
                    "key.accessible-to-others",
                    "\(path) is accessible to others (mode \(String(status.permissions, radix: 8))): it holds a "
                        + "secret; restrict it with chmod 600 \(path)", file: path))
        }
        return try SecretBytes(count: Int(status.size)) { buffer in
            guard try buffer.fill(from: { try file.read(into: $0) }) == buffer.count else {
                throw CommandFailure(.ioError, "\(option) \(path) shrank while it was read.")
            }
        }
    }

    /// Opens a key file, refusing first a path that is a secret key itself: the one place
    /// every key file option and variable goes through, so none quotes a key in its messages.
    /// - Parameter kind: what the file is, for messages (`an identity file`).
    private static func open(_ path: String, option: String, holding kind: String) throws -> FileDescriptor {
        guard !SecretKeyText.contains(path.utf8) else {
            throw CommandFailure(
                .usage,
                "\(option) takes the path of \(kind), and was given what looks like a secret key itself; "
                    + "it was not printed.",
                hint: "Write the key to a file only you can read (chmod 600) and pass its path: a key on the "
                    + "command line is seen by other users (ps) and kept in your shell's history.")
        }
        do {
            return try FileDescriptor.openForReading(path)
        } catch let error as FileIOError {
            throw CommandFailure(
                .notFound, "\(option) \(path): \(error.systemMessage ?? error.description)",
                hint: "Pass the path of an existing file.")
        }
    }
}
