/// The textual header of an age file (age-encryption.org/v1): the version line, one or more
/// recipient stanzas, and the MAC line.
///
///     age-encryption.org/v1
///     -> X25519 XEl0dJ6y3C7KZkgmgWUicg63EyXJiwBJW8PdYJ/cYBE
///     qRS0AMjdjPvZ/WT08U2KL4G+PIooA3hy38SvLpvaC1E
///     --- HK2NmOBN9Dpq0Gw6xMCuhFcQlQLvZ/wQUi/2scLG75s
///
/// ``parse(_:)`` reads one from untrusted bytes, strictly, as the specification's grammar says;
/// the MAC is checked later, once a file key has been unwrapped.
public struct AgeHeader: Equatable, Sendable {
    /// The stanzas, in file order.
    public var stanzas: [AgeStanza]
    /// The 32-byte HMAC-SHA-256 from the MAC line.
    public var mac: [UInt8]
    /// The bytes the MAC covers: the header up to and including the `---` of the MAC line.
    public var authenticatedBytes: [UInt8]

    /// The first line of every age file of this version, without its line feed.
    public static let versionLine = "age-encryption.org/v1"
    /// What every age file starts with, whatever its version.
    public static let versionPrefix = "age-encryption.org/"
    /// The first line of an ASCII-armored age file (`age -a`), which backupctl does not read.
    public static let armorBeginLine = "-----BEGIN AGE ENCRYPTED FILE-----"
    /// The length of a full body line.
    static let bodyLineLength = 64
    /// The most bytes a header may take. A header holds about a hundred bytes per recipient, so
    /// this is thousands of recipients; it bounds memory and the unwrapping work an untrusted
    /// file can demand.
    public static let maximumByteCount = 1 << 20
    /// The most stanzas a header may hold: each costs a key agreement per identity to try, all
    /// before the header can be authenticated.
    public static let maximumStanzaCount = 1024

    /// Whether the file is encrypted with a passphrase: it has an scrypt stanza (which must then
    /// be its only one).
    public var isPassphraseProtected: Bool {
        stanzas.contains { $0.type == ScryptRecipient.stanzaType }
    }

    /// The header's bytes as they appear in the file, ending with the MAC line's line feed.
    public var encoded: [UInt8] {
        authenticatedBytes + [UInt8(ascii: " ")] + UnpaddedBase64.encodedCharacters(mac) + [0x0A]
    }

    /// The version line, the stanzas and the `---` mark: what the MAC is computed over.
    static func authenticatedBytes(of stanzas: [AgeStanza]) -> [UInt8] {
        var bytes = Array(versionLine.utf8) + [0x0A]
        for stanza in stanzas { bytes += stanza.encoded }
        return bytes + Array("---".utf8)
    }

    /// An argument character: ABNF's VCHAR, printable ASCII other than space.
    static func isArgumentCharacter(_ character: UInt8) -> Bool {
        (0x21...0x7E).contains(character)
    }
}

// In an extension, so that Swift still synthesizes the memberwise init parsing and encryption use.
extension AgeHeader {
    /// A header with these stanzas and MAC; ``authenticatedBytes`` is computed from the stanzas.
    public init(stanzas: [AgeStanza], mac: [UInt8]) {
        self.init(stanzas: stanzas, mac: mac, authenticatedBytes: Self.authenticatedBytes(of: stanzas))
    }
}
