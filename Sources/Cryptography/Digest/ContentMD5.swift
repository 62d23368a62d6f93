import CCrypto
import Foundation

/// MD5 for one purpose: S3's `Content-MD5` header, which some operations (DeleteObjects)
/// require and which S3-compatible stores accept everywhere. Not for security — the bodies
/// are signed with SHA-256 as well.
public enum ContentMD5 {
    /// The MD5 of `bytes`, Base64-encoded as the header carries it.
    /// - Throws: ``CryptographyError/libraryFailed(operation:message:)`` when the OpenSSL
    ///   configuration does not provide MD5 (a FIPS-only provider, for instance).
    public static func headerValue(for bytes: [UInt8]) throws -> String {
        var digest = [UInt8](repeating: 0, count: 16)
        var length: UInt32 = 0
        let md5 = try LibCryptoStatus.allocated(EVP_MD_fetch(nil, "MD5", nil), "find the MD5 algorithm")
        defer { EVP_MD_free(md5) }
        try bytes.withUnsafeBytes { input in
            try input.withNonNullBase { base in
                try LibCryptoStatus.check(
                    EVP_Digest(base, input.count, &digest, &length, md5, nil), "compute an MD5 digest")
            }
        }
        return Data(digest.prefix(Int(length))).base64EncodedString()
    }
}
