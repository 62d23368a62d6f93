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
    ///   it: it may hold a secret; a recipient's line is named as such),
    ///   ``AgeError/encryptedIdentityFile(source:)`` for an identity file that is itself
    ///   age-encrypted, ``AgeError/emptyKeyFile(source:)``.
    public static func identities(in contents: SecretBytes, source: String) throws -> [X25519Identity] {
        try contents.withUnsafeBytes { bytes in
            if encryptedFileStarts.contains(where: { bytes.starts(with: $0) }) {
                throw AgeError.encryptedIdentityFile(source: source)
            }
            return try keys(in: bytes, source: source) { number, line in
                do {
                    return try X25519Identity(encoded: line)
                } catch AgeError.invalidIdentity(let reason) {
                    let isRecipient =
                        line.starts(with: "age1".utf8)
                        && (try? X25519Recipient(String(decoding: line, as: UTF8.self))) != nil
                    throw AgeError.invalidKeyFile(
                        source: source, line: number,
                        reason: isRecipient
                            ? "is a recipient (a public key, age1…), not an identity: an identity file holds "
                                + "the secret key age-keygen writes (AGE-SECRET-KEY-1…)"
                            : "is not an age identity: \(reason)")
                }
            }
        }
    }

    /// The recipients in a recipients file's contents, in order.
    /// - Throws: ``AgeError/invalidKeyFile(source:line:reason:)``, ``AgeError/emptyKeyFile(source:)``.
    public static func recipients(in contents: [UInt8], source: String) throws -> [X25519Recipient] {
        try contents.withUnsafeBytes { bytes in
            try keys(in: bytes, source: source) { number, line in
                do {
                    return try X25519Recipient(String(decoding: line, as: UTF8.self))
                } catch AgeError.secretKeyAsRecipient {
                    throw AgeError.invalidKeyFile(
                        source: source, line: number,
                        reason: "is a secret key, not a recipient (give the public key: age-keygen -y FILE)")
                } catch AgeError.invalidRecipient(let text, let reason) {
                    throw AgeError.invalidKeyFile(
                        source: source, line: number,
                        reason: "('\(AgeError.printable(text))') is not an age recipient: \(reason)")
                }
            }
        }
    }

    /// How an age-encrypted file starts, binary or armored (`age -a`).
    private static let encryptedFileStarts = [
        Array(AgeHeader.versionPrefix.utf8), Array(AgeHeader.armorBeginLine.utf8),
    ]

    /// The keys `parse` reads from each line that is neither blank nor a comment (given numbered
    /// from 1, without its line ending), in order.
    /// - Throws: what `parse` throws, and ``AgeError/emptyKeyFile(source:)`` when there is no key.
    private static func keys<Key>(
        in bytes: UnsafeRawBufferPointer, source: String, _ parse: (Int, Slice<UnsafeRawBufferPointer>) throws -> Key
    ) throws -> [Key] {
        var keys: [Key] = []
        for (index, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            let line = line.last == 0x0D ? line.dropLast() : line
            if line.isEmpty || line.first == UInt8(ascii: "#") { continue }
            keys.append(try parse(index + 1, line))
        }
        guard !keys.isEmpty else { throw AgeError.emptyKeyFile(source: source) }
        return keys
    }
}
