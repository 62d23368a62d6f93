import CSodium

/// The ChaCha20-Poly1305 AEAD (RFC 8439) with a 32-byte key and 12-byte nonces, without
/// associated data, through libsodium's `crypto_aead_chacha20poly1305_ietf`.
///
///     let cipher = try ChaCha20Poly1305(key: key)
///     try cipher.seal(plaintext, nonce: nonce, into: ciphertext)     // ciphertext = plaintext + 16-byte tag
///     try cipher.open(ciphertext, nonce: nonce, into: plaintext)     // throws .authenticationFailed
///
/// libsodium rather than libcrypto: on a CPU with AVX-512, libcrypto runs this cipher in
/// 512-bit registers, and on Intel's that slows the code that runs after it on the same core
/// — in a backup, the JSON work around each encrypted chunk took 10–15 % more CPU
/// (Docs/performance.md). libsodium's widest code is AVX2.
///
/// One instance serves any number of messages, each with its own nonce: never reuse a nonce
/// under the same key.
public final class ChaCha20Poly1305 {
    public static let keyByteCount = 32
    public static let nonceByteCount = 12
    public static let tagByteCount = 16

    private let key: SecretBytes

    /// libsodium's one-time setup (it picks its code for this CPU), run before the first cipher.
    private static let libraryReady = sodium_init() >= 0

    /// Prepares a cipher with a 32-byte key.
    /// - Precondition: `key` holds exactly 32 bytes.
    /// - Throws: ``CryptographyError/libraryFailed(operation:message:)`` when libsodium cannot
    ///   be set up.
    public init(key: SecretBytes) throws {
        precondition(key.count == Self.keyByteCount, "ChaCha20Poly1305: a key has 32 bytes, not \(key.count)")
        guard Self.libraryReady else {
            throw CryptographyError.libraryFailed(operation: "set up libsodium", message: "sodium_init failed")
        }
        self.key = key
    }

    /// Encrypts `plaintext` and appends its tag: `output` receives `plaintext.count + 16` bytes.
    /// `output` may start at the same address as `plaintext` (encryption in place).
    /// - Precondition: `nonce` has 12 bytes; `output.count == plaintext.count + 16`.
    public func seal(
        _ plaintext: UnsafeRawBufferPointer, nonce: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer
    ) throws {
        precondition(output.count == plaintext.count + Self.tagByteCount, "ChaCha20Poly1305.seal: wrong output size")
        Self.requireNonce(nonce)
        let out = output.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let status = key.withUnsafeBytes { key in
            crypto_aead_chacha20poly1305_ietf_encrypt_detached(
                out, out + plaintext.count, nil, bytes(plaintext), UInt64(plaintext.count), nil, 0, nil,
                bytes(nonce)!, bytes(key)!)
        }
        // libsodium refuses only a message over its limit (256 GiB), which no chunk comes near.
        guard status == 0 else {
            throw CryptographyError.libraryFailed(
                operation: "encrypt with ChaCha20-Poly1305", message: "the message is longer than libsodium takes")
        }
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
        Self.requireNonce(nonce)
        // libsodium checks the tag before it decrypts anything (and zeroes `output` when it
        // does not match); with no output it only checks the tag.
        let status = key.withUnsafeBytes { key in
            crypto_aead_chacha20poly1305_ietf_decrypt_detached(
                output.baseAddress?.assumingMemoryBound(to: UInt8.self), nil, bytes(ciphertext)!, UInt64(output.count),
                bytes(ciphertext)! + output.count, nil, 0, bytes(nonce)!, bytes(key)!)
        }
        guard status == 0 else {
            if !output.isEmpty { output.initializeMemory(as: UInt8.self, repeating: 0) }
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

    private static func requireNonce(_ nonce: UnsafeRawBufferPointer) {
        precondition(nonce.count == nonceByteCount, "ChaCha20Poly1305: a nonce has 12 bytes, not \(nonce.count)")
    }

    /// The start of `buffer` as libsodium takes it: `nil` for an empty one, which libsodium
    /// accepts for a message of length 0 (a key, a nonce and a tag are never empty).
    private func bytes(_ buffer: UnsafeRawBufferPointer) -> UnsafePointer<UInt8>? {
        buffer.baseAddress?.assumingMemoryBound(to: UInt8.self)
    }
}
