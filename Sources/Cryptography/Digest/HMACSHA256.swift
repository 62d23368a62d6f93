import CCrypto
import Foundation

/// HMAC-SHA-256 (RFC 2104) through libcrypto's `EVP_MAC` interface, incrementally or in one call.
///
///     let code = try HMACSHA256.authenticationCode(for: Array("message".utf8), key: key)
///
///     let mac = try HMACSHA256(key: key)
///     mac.update(firstPart)
///     mac.update(secondPart)
///     let code = mac.finalize()          // 32 bytes
///
/// Keys of any length are accepted (longer than 64 bytes are hashed first, as RFC 2104 says).
/// An instance is used from one thread at a time and cannot be reused after ``finalize()``.
public final class HMACSHA256 {
    public static let byteCount = 32

    /// Owned: created in `init`, freed in `deinit` (which wipes the key it holds).
    private let context: OpaquePointer
    private var isFinalized = false

    /// Starts an HMAC-SHA-256 computation with `key` (an array, `Data`, a buffer or ``SecretBytes``).
    /// - Throws: ``CryptographyError/libraryFailed(operation:message:)`` when libcrypto cannot
    ///   provide HMAC or SHA-256.
    public init(key: some ContiguousBytes) throws {
        let algorithm = try LibCryptoStatus.allocated(EVP_MAC_fetch(nil, "HMAC", nil), "find the HMAC algorithm")
        // The context keeps its own reference to the algorithm.
        defer { EVP_MAC_free(algorithm) }
        context = try LibCryptoStatus.allocated(EVP_MAC_CTX_new(algorithm), "allocate an HMAC context")
        // From here on `deinit` frees the context, even if initialisation fails below.
        let context = context
        try key.withUnsafeBytes { key in
            try key.withNonNullBase { keyBytes in
                try OSSLParameter.withArray([.string(name: "digest", value: "SHA256")]) { parameters in
                    try LibCryptoStatus.check(
                        EVP_MAC_init(context, keyBytes, key.count, parameters), "start an HMAC-SHA-256")
                }
            }
        }
    }

    deinit {
        EVP_MAC_CTX_free(context)
    }

    /// Adds bytes (an array, `Data`, a buffer, …) to the message.
    /// - Precondition: ``finalize()`` has not been called.
    public func update(_ bytes: some ContiguousBytes) {
        precondition(!isFinalized, "HMACSHA256.update called after finalize()")
        bytes.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count > 0 else { return }
            LibCryptoStatus.require(EVP_MAC_update(context, base, bytes.count), "update an HMAC-SHA-256")
        }
    }

    /// Finishes the computation and returns the 32-byte authentication code.
    /// - Precondition: called at most once.
    public func finalize() -> [UInt8] {
        precondition(!isFinalized, "HMACSHA256.finalize called twice")
        isFinalized = true
        var code = [UInt8](repeating: 0, count: Self.byteCount)
        var length = 0
        code.withUnsafeMutableBufferPointer { buffer in
            LibCryptoStatus.require(
                EVP_MAC_final(context, buffer.baseAddress, &length, buffer.count), "finish an HMAC-SHA-256")
        }
        precondition(length == Self.byteCount, "HMAC-SHA-256 produced \(length) bytes instead of 32")
        return code
    }

    /// The HMAC-SHA-256 of `message` under `key`, in one call.
    public static func authenticationCode(for message: some ContiguousBytes, key: some ContiguousBytes) throws
        -> [UInt8]
    {
        let mac = try HMACSHA256(key: key)
        mac.update(message)
        return mac.finalize()
    }
}
