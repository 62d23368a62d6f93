/// What can open an age file: a private key, or a passphrase.
public enum AgeIdentity {
    case x25519(X25519Identity)
    case passphrase(ScryptIdentity)

    /// The file key from `stanza` if it is addressed to this identity; `nil` otherwise.
    /// - Throws: ``AgeError/malformedStanza(type:reason:)`` for a stanza of this identity's
    ///   type that breaks the specification's rules.
    func unwrap(_ stanza: AgeStanza) throws -> AgeFileKey? {
        switch self {
        case .x25519(let identity): return try identity.unwrap(stanza)
        case .passphrase(let identity): return try identity.unwrap(stanza)
        }
    }

    /// Finds the file key among `header`'s stanzas with the first of `identities` that opens one.
    /// - Throws: ``AgeError/malformedHeader(_:)`` when an scrypt stanza is not alone (the
    ///   specification makes readers refuse such headers), the errors of ``unwrap(_:)``, and
    ///   ``AgeError/noMatchingIdentity(_:)`` when none opens any.
    static func fileKey(for header: AgeHeader, identities: [AgeIdentity]) throws -> AgeFileKey {
        let passphraseProtected = header.isPassphraseProtected
        if passphraseProtected && header.stanzas.count > 1 {
            throw AgeError.malformedHeader("an scrypt (passphrase) stanza is not the header's only stanza")
        }
        for identity in identities {
            for stanza in header.stanzas {
                if let fileKey = try identity.unwrap(stanza) { return fileKey }
            }
        }
        let passphrases = identities.count { if case .passphrase = $0 { true } else { false } }
        throw AgeError.noMatchingIdentity(
            AgeError.NoMatch(
                passphraseProtected: passphraseProtected, identitiesTried: identities.count - passphrases,
                passphrasesTried: passphrases))
    }
}
