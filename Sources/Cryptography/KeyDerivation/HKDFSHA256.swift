import CCrypto
import Foundation

/// HKDF with SHA-256 (RFC 5869): extract with a salt, then expand with an info string,
/// through libcrypto's `EVP_KDF` interface.
///
///     let key = try HKDFSHA256.deriveKey(inputKeyMaterial: fileKey, salt: nonce, info: Array("payload".utf8))
public enum HKDFSHA256 {
    /// Derives `outputByteCount` bytes (32 unless given; at most 255 × 32) from arrays, `Data`
    /// or ``SecretBytes``.
    /// - Parameters:
    ///   - inputKeyMaterial: the secret to derive from; not empty.
    ///   - salt: the extract step's salt; empty means RFC 5869's default (32 zero bytes).
    ///   - info: the expand step's context string; may be empty.
    /// - Returns: the derived key, wiped when released.
    /// - Throws: ``CryptographyError/libraryFailed(operation:message:)``.
    public static func deriveKey(
        inputKeyMaterial: some ContiguousBytes, salt: some ContiguousBytes, info: some ContiguousBytes,
        outputByteCount: Int = 32
    ) throws -> SecretBytes {
        try inputKeyMaterial.withUnsafeBytes { material in
            try salt.withUnsafeBytes { salt in
                try info.withUnsafeBytes { info in
                    precondition(material.count > 0, "HKDFSHA256: the input key material is empty")
                    precondition(
                        (1...255 * 32).contains(outputByteCount), "HKDFSHA256: cannot derive \(outputByteCount) bytes")
                    let algorithm = try LibCryptoStatus.allocated(
                        EVP_KDF_fetch(nil, "HKDF", nil), "find the HKDF algorithm")
                    defer { EVP_KDF_free(algorithm) }
                    let context = try LibCryptoStatus.allocated(EVP_KDF_CTX_new(algorithm), "allocate an HKDF context")
                    // Freeing the context wipes the key material libcrypto copied into it.
                    defer { EVP_KDF_CTX_free(context) }
                    var parameters: [OSSLParameter] = [
                        .string(name: "digest", value: "SHA256"), .octets(name: "key", value: material),
                    ]
                    // An empty salt or info is the same as none (RFC 5869 §2.2, §2.3); libcrypto wants none.
                    if salt.count > 0 { parameters.append(.octets(name: "salt", value: salt)) }
                    if info.count > 0 { parameters.append(.octets(name: "info", value: info)) }
                    return try SecretBytes(count: outputByteCount) { output in
                        try OSSLParameter.withArray(parameters) { array in
                            try LibCryptoStatus.check(
                                EVP_KDF_derive(
                                    context, output.baseAddress!.assumingMemoryBound(to: UInt8.self), output.count,
                                    array),
                                "derive an HKDF-SHA-256 key")
                        }
                    }
                }
            }
        }
    }
}
