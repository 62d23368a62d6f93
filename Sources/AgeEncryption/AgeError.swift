/// Everything that can go wrong with an age file, a key or a key file.
///
/// The cases fall into the failure classes of the age test kit (``category``): the header does
/// not parse, no identity opens the file, the header's MAC does not match, or the payload does
/// not decrypt to its end. No case ever carries a secret: identities and passphrases are
/// referred to by their position only.
///
/// To add a case: add it under the matching `MARK` group, give it a ``category`` and a message
/// in `AgeError+Description.swift`; both `switch`es are exhaustive.
public enum AgeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What a failed unwrap tried, for a message that says what to do.
    public struct NoMatch: Equatable, Sendable {
        /// The file is encrypted with a passphrase (its one stanza is `scrypt`).
        public var passphraseProtected: Bool
        /// How many X25519 identities were tried.
        public var identitiesTried: Int
        /// How many passphrases were tried.
        public var passphrasesTried: Int
    }

    /// The classes of failure the C2SP age test kit distinguishes, plus the caller's own mistakes.
    public enum Category: String, Sendable {
        /// The header does not parse (`header failure`).
        case header
        /// The header parses but no identity unwraps the file key (`no match`).
        case noMatch
        /// A file key was unwrapped but the header's MAC does not match it (`HMAC failure`).
        case headerMAC
        /// The payload does not decrypt all the way to its end (`payload failure`).
        case payload
        /// A recipient, identity or key file given by the user is not usable.
        case key
    }

    // MARK: The header

    /// The bytes do not start with `age-encryption.org/`.
    case notAgeFile
    /// The file is age, but of a version other than v1; the text after `age-encryption.org/`.
    case unsupportedVersion(String)
    /// The header breaks the specification's grammar; the reason names the line.
    case malformedHeader(String)
    /// The header is longer than ``AgeHeader/maximumByteCount``.
    case headerTooLarge(byteLimit: Int)
    /// The header holds more than ``AgeHeader/maximumStanzaCount`` stanzas.
    case tooManyStanzas(limit: Int)
    /// A stanza of a type an identity given here handles breaks that type's rules (a share that
    /// is not 32 bytes, a work factor above the limit, a body that is not 32 bytes, …).
    case malformedStanza(type: String, reason: String)
    /// The file ends before the payload's 16-byte nonce.
    case missingPayloadNonce

    // MARK: Unwrapping the file key

    /// No identity given unwraps the file key: a wrong key or passphrase, or none given.
    case noMatchingIdentity(NoMatch)
    /// A file key was unwrapped, but the header's MAC does not match: the header was altered.
    case headerAuthenticationFailed

    // MARK: The payload

    /// The file ends before a final chunk: after `chunks` complete chunks (a truncated copy).
    case payloadTruncated(chunks: Int)
    /// Chunk `chunk` (counting from 0) fails authentication: the data was altered, or the file
    /// was cut or extended inside its final chunk (chunks are delimited by size alone).
    case payloadAuthenticationFailed(chunk: Int)
    /// The final chunk is empty although earlier chunks hold data, which the format forbids.
    case emptyFinalChunk(chunk: Int)
    /// Bytes follow the final chunk (chunk `afterChunk`, counting from 0).
    case trailingData(afterChunk: Int)
    /// The sealed chunks take a number of bytes no payload has (checked without the key): the
    /// file was cut or extended.
    case invalidPayloadLength(Int64)

    // MARK: Keys and key files

    /// A recipient is not an `age1…` X25519 recipient; the text is public and quoted.
    case invalidRecipient(String, reason: String)
    /// A secret key (``SecretKeyText``) was given where a recipient, a public key, was expected
    /// (never quoted).
    case secretKeyAsRecipient
    /// An identity is not an `AGE-SECRET-KEY-1…` X25519 identity (never quoted: it is secret).
    case invalidIdentity(reason: String)
    /// A line of an identity or recipients file is not usable; `line` counts from 1; `reason`
    /// completes the sentence `Line N of 'FILE' …` (`is not an age identity: …`).
    case invalidKeyFile(source: String, line: Int, reason: String)
    /// An identity file that is itself age-encrypted (`age -p key.txt > key.age`, or armored).
    case encryptedIdentityFile(source: String)
    /// An identity or recipients file holds no key at all.
    case emptyKeyFile(source: String)
    /// Encryption was asked for without any recipient.
    case noRecipients
    /// A passphrase (scrypt) recipient was combined with others, which the format forbids.
    case passphraseNotAlone

    /// The test kit's class of this failure.
    public var category: Category {
        switch self {
        case .notAgeFile, .unsupportedVersion, .malformedHeader, .headerTooLarge, .tooManyStanzas, .malformedStanza,
            .missingPayloadNonce:
            .header
        case .noMatchingIdentity: .noMatch
        case .headerAuthenticationFailed: .headerMAC
        case .payloadTruncated, .payloadAuthenticationFailed, .emptyFinalChunk, .trailingData, .invalidPayloadLength:
            .payload
        case .invalidRecipient, .secretKeyAsRecipient, .invalidIdentity, .invalidKeyFile, .encryptedIdentityFile,
            .emptyKeyFile, .noRecipients, .passphraseNotAlone:
            .key
        }
    }
}
