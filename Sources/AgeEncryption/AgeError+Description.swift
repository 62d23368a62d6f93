extension AgeError {
    /// A sentence saying what went wrong and, where it helps, what to do.
    public var description: String {
        switch self {
        case .notAgeFile: "The data is not an age file: it does not start with 'age-encryption.org/'."
        case .unsupportedVersion(let version):
            "The age file is of version '\(Self.printable(version))', which this build cannot read (only v1)."
        case .malformedHeader(let reason):
            "The age header is malformed: \(reason). The file is damaged or was not written by age."
        case .headerTooLarge(let limit):
            "The age header is longer than \(limit) bytes, far beyond any real file's: it is refused."
        case .tooManyStanzas(let limit):
            "The age header holds more than \(limit) recipient stanzas, far beyond any real file's: it is refused."
        case .malformedStanza(let type, let reason):
            "The age header's \(Self.printable(type)) stanza is malformed: \(reason)."
        case .missingPayloadNonce: "The age file ends right after its header, before the payload: it is truncated."
        case .noMatchingIdentity(let noMatch): Self.describe(noMatch)
        case .headerAuthenticationFailed:
            "The age header fails authentication (its MAC does not match): the header was altered."
        case .payloadTruncated(let chunks):
            "The age file is truncated: it ends after \(chunks) chunk\(chunks == 1 ? "" : "s") of data, "
                + "before the final one."
        case .payloadAuthenticationFailed(let chunk):
            "Chunk \(chunk + 1) of the age payload fails authentication: the file was altered, damaged, "
                + "cut short or extended."
        case .emptyFinalChunk(let chunk):
            "The age payload ends with an empty chunk (\(chunk + 1)) after data, which age never writes: "
                + "the file was altered."
        case .trailingData(let chunk):
            "Bytes follow the final chunk (\(chunk + 1)) of the age payload: data was appended to the file."
        case .invalidPayloadLength(let byteCount):
            "The age payload's chunks take \(byteCount) bytes, a length no complete file has: "
                + "the file was cut short or extended."
        case .invalidRecipient(let text, let reason): "'\(Self.printable(text))' is not an age recipient: \(reason)."
        case .secretKeyAsRecipient:
            "A secret key was given where a recipient (a public key, age1…) was expected; it was not printed. "
                + "Give the public key instead: age-keygen -y FILE prints it."
        case .invalidIdentity(let reason): "An identity is not an age X25519 identity: \(reason)."
        case .invalidKeyFile(let source, let line, let reason): "Line \(line) of '\(source)' \(reason)."
        case .encryptedIdentityFile(let source):
            "'\(source)' is a passphrase-protected (encrypted) identity file, which backupctl does not read. "
                + "Decrypt it into a file only you can read, (umask 077; age -d \(source) > key.txt), "
                + "and pass that file."
        case .emptyKeyFile(let source): "'\(source)' holds no key (only comments or blank lines)."
        case .noRecipients: "Encryption needs at least one recipient or a passphrase."
        case .passphraseNotAlone: "A passphrase cannot be combined with other recipients in one age file."
        }
    }

    private static func describe(_ noMatch: NoMatch) -> String {
        if noMatch.passphraseProtected {
            return noMatch.passphrasesTried > 0
                ? "Wrong passphrase: it does not open this age file."
                : "The age file is encrypted with a passphrase, and no passphrase was given."
        }
        if noMatch.identitiesTried == 0 {
            return "The age file is encrypted for recipients' keys, and no identity was given"
                + (noMatch.passphrasesTried > 0 ? " (a passphrase cannot open it)." : ".")
        }
        let count = noMatch.identitiesTried
        return "The age file is encrypted for other recipients: "
            + (count == 1 ? "the identity given does not open it." : "none of the \(count) identities given opens it.")
    }

    /// Text from an untrusted file, with anything but printable ASCII shown as `?`, at most 64
    /// characters.
    static func printable(_ text: String) -> String {
        let cleaned = String(
            decoding: text.utf8.prefix(64).map { (0x20...0x7E).contains($0) ? $0 : 0x3F }, as: UTF8.self)
        return text.utf8.count > 64 ? cleaned + "…" : cleaned
    }
}
