import Cryptography

/// A stanza of one of age's native types (X25519, scrypt), checked by the rules they share: a
/// fixed number of arguments, base64 arguments of fixed lengths, and a 32-byte body holding
/// the wrapped file key — all before any decryption, as the specification demands.
struct NativeStanza {
    let stanza: AgeStanza

    /// `stanza` if it is of `type`, with `argumentCount` arguments after the type and a body
    /// of a wrapped file key.
    /// - Returns: `nil` for a stanza of another type (to be ignored).
    /// - Throws: ``AgeError/malformedStanza(type:reason:)`` for one of `type` that breaks the rules.
    init?(_ stanza: AgeStanza, type: String, argumentCount: Int) throws {
        guard stanza.type == type else { return nil }
        self.stanza = stanza
        guard stanza.arguments.count == argumentCount + 1 else {
            throw malformed("it has \(stanza.arguments.count - 1) arguments instead of \(argumentCount)")
        }
        guard stanza.body.count == AgeFileKey.byteCount + ChaCha20Poly1305.tagByteCount else {
            throw malformed("its body has \(stanza.body.count) bytes instead of 32")
        }
    }

    /// Argument `index` (1 is the first after the type).
    func argument(_ index: Int) -> String { stanza.arguments[index] }

    /// Argument `index` decoded from canonical base64, which must give `byteCount` bytes.
    func decodedArgument(_ index: Int, byteCount: Int, name: String) throws -> [UInt8] {
        guard let bytes = UnpaddedBase64.decode(stanza.arguments[index].utf8), bytes.count == byteCount else {
            throw malformed("its \(name) is not the canonical base64 of \(byteCount) bytes")
        }
        return bytes
    }

    /// The file key, if `wrapKey` opens the body.
    func unwrap(with wrapKey: SecretBytes) throws -> AgeFileKey? {
        try AgeFileKey.unwrap(stanza.body, with: wrapKey)
    }

    func malformed(_ reason: String) -> AgeError {
        AgeError.malformedStanza(type: stanza.type, reason: reason)
    }
}
