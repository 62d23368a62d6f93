import CCrypto
import Foundation

/// The scrypt password-based key derivation function (RFC 7914), through libcrypto.
///
///     let key = try Scrypt.deriveKey(passphrase: passphrase, salt: salt, logN: 18, r: 8, p: 1)
///
/// scrypt is deliberately slow and memory-hard: with N = 2¹⁸ and r = 8 it takes about 256 MiB
/// and a second of CPU. ``memoryRequired(logN:r:p:)`` says how much before it is spent.
public enum Scrypt {
    /// Derives `outputByteCount` bytes from `passphrase`.
    /// - Parameters:
    ///   - logN: the base-two logarithm of the work factor N, 1...62.
    ///   - r: the block size; `r · p` must stay below 2³⁰.
    ///   - p: the parallelisation.
    /// - Throws: ``CryptographyError/invalidScryptParameters(_:)`` for parameters out of range,
    ///   ``CryptographyError/libraryFailed(operation:message:)`` when libcrypto fails (out of memory).
    public static func deriveKey(
        passphrase: SecretBytes, salt: some ContiguousBytes, logN: Int, r: Int, p: Int, outputByteCount: Int = 32
    ) throws -> SecretBytes {
        guard (1...62).contains(logN) else {
            throw CryptographyError.invalidScryptParameters("log2(N) = \(logN) is outside 1...62")
        }
        guard r > 0, p > 0, r.multipliedReportingOverflow(by: p).partialValue < 1 << 30 else {
            throw CryptographyError.invalidScryptParameters("r = \(r), p = \(p): r·p must be below 2^30")
        }
        let memory = memoryRequired(logN: logN, r: r, p: p)
        return try passphrase.withUnsafeBytes { password in
            try salt.withUnsafeBytes { salt in
                try password.withNonNullBase { passwordBytes in
                    try salt.withNonNullBase { saltBytes in
                        try SecretBytes(count: outputByteCount) { output in
                            try LibCryptoStatus.check(
                                EVP_PBE_scrypt(
                                    UnsafeRawPointer(passwordBytes).assumingMemoryBound(to: CChar.self),
                                    password.count, saltBytes, salt.count, UInt64(1) << logN, UInt64(r), UInt64(p),
                                    memory, output.baseAddress!.assumingMemoryBound(to: UInt8.self), output.count),
                                "derive a key with scrypt (N = 2^\(logN), r = \(r), p = \(p))")
                        }
                    }
                }
            }
        }
    }

    /// The bytes scrypt allocates for these parameters: `128 · r · (N + 2 + p)`, the sum
    /// libcrypto checks against its limit (which is set to exactly this).
    public static func memoryRequired(logN: Int, r: Int, p: Int) -> UInt64 {
        128 * UInt64(r) * ((UInt64(1) << logN) + 2 + UInt64(p))
    }
}
