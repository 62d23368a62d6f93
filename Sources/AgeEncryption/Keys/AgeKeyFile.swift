import Cryptography

/// The text files age keeps keys in, read as `age` reads them: one key per line; blank lines
/// and lines starting with `#` are skipped; a line may end with CR LF.
///
/// An identity file holds `AGE-SECRET-KEY-1…` lines, as `age-keygen` writes them (with
/// `# created:` and `# public key:` comments); a recipients file holds `age1…` lines.
public enum AgeKeyFile {
    /// The identities in an identity file's contents, in order.
    /// - Parameter source: the file's name for messages.
    /// - Throws: ``AgeError/invalidKeyFile(source:line:reason:)`` naming the line (never quoting
    ///   it: it may hold a secret), ``AgeError/emptyKeyFile(source:)``.
    public static func identities(in contents: SecretBytes, source: String) throws -> [X25519Identity] {
        var identities: [X25519Identity] = []
        try contents.withUnsafeBytes { bytes in
            try forEachKeyLine(in: bytes) { number, line in
                do {
                    identities.append(try X25519Identity(encoded: line))
                } catch AgeError.invalidIdentity(let reason) {
                    throw AgeError.invalidKeyFile(
                        source: source, line: number, reason: "not an age identity: \(reason)")
                }
            }
        }
        guard !identities.isEmpty else { throw AgeError.emptyKeyFile(source: source) }
        return identities
    }

    /// The recipients in a recipients file's contents, in order.
    /// - Throws: ``AgeError/invalidKeyFile(source:line:reason:)``, ``AgeError/emptyKeyFile(source:)``.
    public static func recipients(in contents: [UInt8], source: String) throws -> [X25519Recipient] {
        var recipients: [X25519Recipient] = []
        try contents.withUnsafeBytes { bytes in
            try forEachKeyLine(in: bytes) { number, line in
                do {
                    recipients.append(try X25519Recipient(String(decoding: line, as: UTF8.self)))
                } catch let error as AgeError {
                    throw AgeError.invalidKeyFile(source: source, line: number, reason: error.description)
                }
            }
        }
        guard !recipients.isEmpty else { throw AgeError.emptyKeyFile(source: source) }
        return recipients
    }

    /// Calls `body` with each line that is neither blank nor a comment, numbered from 1,
    /// without its line ending.
    private static func forEachKeyLine(
        in bytes: UnsafeRawBufferPointer, _ body: (Int, Slice<UnsafeRawBufferPointer>) throws -> Void
    ) throws {
        var number = 0
        var start = 0
        while start < bytes.count {
            number += 1
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            var line = bytes[start..<end]
            if line.last == 0x0D { line = line.dropLast() }
            start = end + 1
            if line.isEmpty || line.first == UInt8(ascii: "#") { continue }
            try body(number, line)
        }
    }
}
