import CCrypto

/// The ChaCha20-Poly1305 AEAD (RFC 8439) with a 32-byte key and 12-byte nonces, without
/// associated data, through libcrypto's `EVP_CIPHER` interface.
///
///     let cipher = try ChaCha20Poly1305(key: key)
///     try cipher.seal(plaintext, nonce: nonce, into: ciphertext)     // ciphertext = plaintext + 16-byte tag
///     try cipher.open(ciphertext, nonce: nonce, into: plaintext)     // throws .authenticationFailed
///
/// One context serves any number of messages (each with its own nonce: never reuse a nonce
/// under the same key). An instance is used from one thread at a time.
public final class ChaCha20Poly1305 {
    public static let keyByteCount = 32
    public static let nonceByteCount = 12
    public static let tagByteCount = 16

    /// Owned: created in `init`, freed in `deinit` (which wipes the key schedule it holds).
    private let context: OpaquePointer
    private let key: SecretBytes

    /// Prepares a cipher with a 32-byte key.
    /// - Precondition: `key` holds exactly 32 bytes.
    /// - Throws: ``CryptographyError/libraryFailed(operation:message:)`` when libcrypto cannot
    ///   allocate a cipher context.
    public init(key: SecretBytes) throws {
        precondition(key.count == Self.keyByteCount, "ChaCha20Poly1305: a key has 32 bytes, not \(key.count)")
        context = try LibCryptoStatus.allocated(EVP_CIPHER_CTX_new(), "allocate a cipher context")
        self.key = key
    }

    deinit {
        EVP_CIPHER_CTX_free(context)
    }

    /// Encrypts `plaintext` and appends its tag: `output` receives `plaintext.count + 16` bytes.
    /// `output` may start at the same address as `plaintext` (encryption in place).
    /// - Precondition: `nonce` has 12 bytes; `output.count == plaintext.count + 16`; at most
    ///   2 GiB per message.
    public func seal(
        _ plaintext: UnsafeRawBufferPointer, nonce: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer
    ) throws {
        precondition(output.count == plaintext.count + Self.tagByteCount, "ChaCha20Poly1305.seal: wrong output size")
        try start(encrypting: true, nonce: nonce)
        let produced = try update(plaintext, into: output.baseAddress!)
        let out = output.baseAddress!.assumingMemoryBound(to: UInt8.self)
        var finalCount: Int32 = 0
        try LibCryptoStatus.check(EVP_EncryptFinal_ex(context, out + produced, &finalCount), "finish encrypting")
        try LibCryptoStatus.check(
            EVP_CIPHER_CTX_ctrl(
                context, EVP_CTRL_AEAD_GET_TAG, Int32(Self.tagByteCount), out + plaintext.count),
            "read the Poly1305 tag")
    }

    /// Checks the tag at the end of `ciphertext` and decrypts the rest into `output`
    /// (`ciphertext.count - 16` bytes). `output` must not overlap `ciphertext`.
    /// - Throws: ``CryptographyError/authenticationFailed`` when the tag does not match; the
    ///   output is zeroed then, so no unauthenticated plaintext is ever visible.
    /// - Precondition: `nonce` has 12 bytes; `ciphertext` holds at least the tag;
    ///   `output.count == ciphertext.count - 16`.
    public func open(
        _ ciphertext: UnsafeRawBufferPointer, nonce: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer
    ) throws {
        precondition(
            ciphertext.count >= Self.tagByteCount && output.count == ciphertext.count - Self.tagByteCount,
            "ChaCha20Poly1305.open: wrong buffer sizes")
        try start(encrypting: false, nonce: nonce)
        let body = UnsafeRawBufferPointer(rebasing: ciphertext[..<output.count])
        let produced = output.count == 0 ? 0 : try update(body, into: output.baseAddress!)
        // libcrypto takes the expected tag through a non-const pointer but only reads it.
        let tag = UnsafeMutableRawPointer(mutating: ciphertext.baseAddress! + output.count)
        try LibCryptoStatus.check(
            EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_AEAD_SET_TAG, Int32(Self.tagByteCount), tag),
            "set the expected Poly1305 tag")
        var finalCount: Int32 = 0
        var scratch: UInt8 = 0
        let status = withUnsafeMutablePointer(to: &scratch) { placeholder in
            EVP_DecryptFinal_ex(
                context,
                output.count == 0
                    ? placeholder : output.baseAddress!.assumingMemoryBound(to: UInt8.self) + produced, &finalCount)
        }
        guard status == 1 else {
            // A tag mismatch is data, not a library fault: drop whatever libcrypto queued.
            ERR_clear_error()
            if output.count > 0 { output.initializeMemory(as: UInt8.self, repeating: 0) }
            throw CryptographyError.authenticationFailed
        }
    }

    /// Encrypts `plaintext` into a new array holding the ciphertext and its tag.
    public func seal(_ plaintext: UnsafeRawBufferPointer, nonce: [UInt8]) throws -> [UInt8] {
        var output = [UInt8](repeating: 0, count: plaintext.count + Self.tagByteCount)
        try nonce.withUnsafeBytes { nonce in
            try output.withUnsafeMutableBytes { try seal(plaintext, nonce: nonce, into: $0) }
        }
        return output
    }

    /// Opens a short message holding a secret (a wrapped key) into wiped-on-release memory.
    /// - Throws: ``CryptographyError/authenticationFailed`` when the tag does not match.
    /// - Precondition: `ciphertext` holds at least the tag; `nonce` has 12 bytes.
    public func openSecret(_ ciphertext: UnsafeRawBufferPointer, nonce: [UInt8]) throws -> SecretBytes {
        precondition(ciphertext.count >= Self.tagByteCount, "ChaCha20Poly1305.openSecret: shorter than a tag")
        return try SecretBytes(count: ciphertext.count - Self.tagByteCount) { output in
            try nonce.withUnsafeBytes { try open(ciphertext, nonce: $0, into: output) }
        }
    }

    /// Resets the context for one message under this key and `nonce`.
    private func start(encrypting: Bool, nonce: UnsafeRawBufferPointer) throws {
        precondition(nonce.count == Self.nonceByteCount, "ChaCha20Poly1305: a nonce has 12 bytes, not \(nonce.count)")
        try key.withUnsafeBytes { key in
            try LibCryptoStatus.check(
                EVP_CipherInit_ex(
                    context, EVP_chacha20_poly1305(), nil, key.baseAddress!.assumingMemoryBound(to: UInt8.self),
                    nonce.baseAddress!.assumingMemoryBound(to: UInt8.self), encrypting ? 1 : 0),
                "start ChaCha20-Poly1305")
        }
    }

    /// Runs the cipher over `input` into `output`.
    /// - Returns: the number of bytes written (all of them, for a stream cipher).
    private func update(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawPointer) throws -> Int {
        guard input.count > 0 else { return 0 }
        precondition(input.count <= Int(Int32.max), "ChaCha20Poly1305: a message is at most 2 GiB")
        var produced: Int32 = 0
        try LibCryptoStatus.check(
            EVP_CipherUpdate(
                context, output.assumingMemoryBound(to: UInt8.self), &produced,
                input.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(input.count)),
            "run ChaCha20-Poly1305")
        return Int(produced)
    }
}
