import Cryptography

/// A passphrase as an age identity: opens files whose one stanza is `scrypt`.
public final class ScryptIdentity {
    /// age's own limit: 2²² takes about 4 GiB and 15 seconds. A file asking for more is refused
    /// before any work is done, so a crafted file cannot make a reader spend unbounded memory.
    public static let defaultMaximumWorkFactor = 22

    /// The largest work factor accepted.
    public let maximumWorkFactor: Int
    /// How many wrap keys this passphrase has derived: one per scrypt stanza it tried, each
    /// costing about a second and 256 MiB at age's usual 2¹⁸. A reader that opens a file once
    /// and reads it several times (verified, then imported) counts one.
    public private(set) var derivations = 0
    private let passphrase: SecretBytes

    public init(passphrase: SecretBytes, maximumWorkFactor: Int = defaultMaximumWorkFactor) {
        self.passphrase = passphrase
        self.maximumWorkFactor = maximumWorkFactor
    }

    /// The file key from `stanza` if it is an scrypt stanza this passphrase opens.
    /// - Returns: `nil` for a stanza of another type, or a wrong passphrase.
    /// - Throws: ``AgeError/malformedStanza(type:reason:)`` for an scrypt stanza that breaks the
    ///   specification's rules or asks for more work than ``maximumWorkFactor``.
    func unwrap(_ stanza: AgeStanza) throws -> AgeFileKey? {
        guard let stanza = try NativeStanza(stanza, type: ScryptRecipient.stanzaType, argumentCount: 2) else {
            return nil
        }
        let salt = try stanza.decodedArgument(1, byteCount: ScryptRecipient.saltByteCount, name: "salt")
        let workFactor = try parseWorkFactor(stanza.argument(2), stanza.malformed)
        derivations += 1
        let wrapKey = try ScryptRecipient.wrapKey(passphrase: passphrase, salt: salt, workFactor: workFactor)
        return try stanza.unwrap(with: wrapKey)
    }

    /// A decimal without leading zeros (`^[1-9][0-9]*$`), at most ``maximumWorkFactor``.
    private func parseWorkFactor(_ text: String, _ malformed: (String) -> AgeError) throws -> Int {
        let digits = Array(text.utf8)
        guard let first = digits.first, (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(first),
            digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else {
            throw malformed("its work factor is not a decimal number without leading zeros")
        }
        // Anything longer than two digits is above every limit (and could overflow an Int).
        guard digits.count <= 2, let workFactor = Int(text), workFactor <= maximumWorkFactor else {
            throw malformed(
                "its work factor 2^\(AgeError.printable(text)) is above the limit of 2^\(maximumWorkFactor)")
        }
        return workFactor
    }
}
