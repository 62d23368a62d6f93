import CCrypto

/// An X25519 private key (RFC 7748) held by libcrypto, and Diffie-Hellman with it.
///
///     let mine = try X25519PrivateKey()                       // 32 bytes from the CSPRNG
///     let secret = try mine.sharedSecret(with: theirPublicKey)
///     send(mine.publicKey.rawRepresentation)
///
/// The key never leaves libcrypto's memory except through ``rawRepresentation()``, which
/// returns wiped-on-release ``SecretBytes``.
public final class X25519PrivateKey {
    public static let byteCount = 32

    /// The matching public key, `X25519(key, basepoint)`.
    public let publicKey: X25519PublicKey

    private let key: EVPKey

    /// Generates a key from 32 bytes of the CSPRNG.
    public convenience init() throws {
        try self.init(rawRepresentation: try SecureRandom.secret(count: Self.byteCount))
    }

    /// Loads a key from its 32 raw bytes (clamped by X25519 itself, as RFC 7748 says).
    /// - Throws: ``CryptographyError/invalidKeyLength(what:expected:actual:)`` for another
    ///   length, ``CryptographyError/libraryFailed(operation:message:)`` when libcrypto fails.
    public init(rawRepresentation: SecretBytes) throws {
        guard rawRepresentation.count == Self.byteCount else {
            throw CryptographyError.invalidKeyLength(
                what: "X25519 private key", expected: Self.byteCount, actual: rawRepresentation.count)
        }
        let key = try rawRepresentation.withUnsafeBytes { bytes in
            try EVPKey(
                EVP_PKEY_new_raw_private_key(
                    EVP_PKEY_X25519, nil, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), bytes.count),
                "load an X25519 private key")
        }
        var publicBytes = [UInt8](repeating: 0, count: X25519PublicKey.byteCount)
        var length = publicBytes.count
        try LibCryptoStatus.check(
            EVP_PKEY_get_raw_public_key(key.pointer, &publicBytes, &length), "compute an X25519 public key")
        precondition(length == X25519PublicKey.byteCount, "libcrypto returned a \(length)-byte X25519 public key")
        self.key = key
        publicKey = try X25519PublicKey(rawRepresentation: publicBytes)
    }

    /// The key's 32 raw bytes, for encoding it (an age identity, for instance).
    public func rawRepresentation() throws -> SecretBytes {
        try SecretBytes(count: Self.byteCount) { output in
            var length = output.count
            try LibCryptoStatus.check(
                EVP_PKEY_get_raw_private_key(
                    key.pointer, output.baseAddress!.assumingMemoryBound(to: UInt8.self), &length),
                "read an X25519 private key")
            precondition(length == Self.byteCount, "libcrypto returned a \(length)-byte X25519 private key")
        }
    }

    /// The X25519 shared secret with `peer`: 32 bytes, wiped when released.
    /// - Throws: ``CryptographyError/lowOrderPoint`` when the result is all zeros (RFC 7748
    ///   §6.1: `peer` is a point of small order), ``CryptographyError/libraryFailed(operation:message:)``
    ///   when libcrypto fails otherwise.
    public func sharedSecret(with peer: X25519PublicKey) throws -> SecretBytes {
        let peerKey = try EVPKey(
            EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, nil, peer.rawRepresentation, peer.rawRepresentation.count),
            "load an X25519 public key")
        let context = try LibCryptoStatus.allocated(EVP_PKEY_CTX_new(key.pointer, nil), "allocate a key context")
        defer { EVP_PKEY_CTX_free(context) }
        try LibCryptoStatus.check(EVP_PKEY_derive_init(context), "start an X25519 key agreement")
        try LibCryptoStatus.check(EVP_PKEY_derive_set_peer(context, peerKey.pointer), "set the X25519 peer key")
        let secret = try SecretBytes(count: Self.byteCount) { output in
            var length = output.count
            let status = EVP_PKEY_derive(context, output.baseAddress!.assumingMemoryBound(to: UInt8.self), &length)
            // libcrypto refuses an all-zero result itself, as a failed derivation.
            if status != 1 && ERR_GET_LIB(ERR_peek_error()) == ERR_LIB_PROV
                && ERR_GET_REASON(ERR_peek_error()) == PROV_R_FAILED_DURING_DERIVATION
            {
                ERR_clear_error()
                throw CryptographyError.lowOrderPoint
            }
            try LibCryptoStatus.check(status, "compute an X25519 shared secret")
            precondition(length == Self.byteCount, "libcrypto returned a \(length)-byte X25519 shared secret")
        }
        // Checked here too, so the guarantee does not rest on libcrypto's choice above.
        let allZero = secret.withUnsafeBytes { bytes in bytes.allSatisfy { $0 == 0 } }
        if allZero { throw CryptographyError.lowOrderPoint }
        return secret
    }
}
