import CCrypto
import Foundation

/// Computes SHA-256 incrementally with libcrypto's EVP interface, which uses the CPU's SHA
/// instructions (about 1 GB/s here, five times portable C).
///
/// Feed it chunks as they stream past, then finalize once:
///
///     let hasher = try SHA256Hasher()
///     hasher.update(firstChunk)
///     hasher.update(secondChunk)
///     let digest = hasher.finalize()
///
/// A hasher is used from one thread at a time and cannot be reused after ``finalize()``.
public final class SHA256Hasher {
    private let context: OpaquePointer
    private var isFinalized = false

    /// Starts a new SHA-256 computation.
    /// - Throws: ``CryptographyError/libraryFailed(operation:message:)`` when libcrypto cannot
    ///   provide SHA-256 (out of memory, or a broken OpenSSL configuration).
    public init() throws {
        context = try LibCryptoStatus.allocated(EVP_MD_CTX_new(), "allocate a digest context")
        // From here on `deinit` frees the context, even if initialisation fails below.
        try LibCryptoStatus.check(EVP_DigestInit_ex(context, EVP_sha256(), nil), "start a SHA-256 digest")
    }

    deinit {
        EVP_MD_CTX_free(context)
    }

    /// Adds bytes to the digest.
    ///
    /// Once ``init()`` succeeded, libcrypto's SHA-256 update can only fail through misuse, so a
    /// failure here stops the program rather than being thrown.
    /// - Precondition: ``finalize()`` has not been called.
    public func update(_ bytes: UnsafeRawBufferPointer) {
        precondition(!isFinalized, "SHA256Hasher.update called after finalize()")
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        LibCryptoStatus.require(EVP_DigestUpdate(context, base, bytes.count), "update a SHA-256 digest")
    }

    /// Adds `bytes` (an array, `Data`, …) to the digest.
    public func update(_ bytes: some ContiguousBytes) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// Finishes the computation and returns the digest.
    /// - Precondition: called at most once.
    public func finalize() -> SHA256Digest {
        precondition(!isFinalized, "SHA256Hasher.finalize called twice")
        isFinalized = true
        var output = [UInt8](repeating: 0, count: SHA256Digest.byteCount)
        var length: UInt32 = 0
        output.withUnsafeMutableBufferPointer { buffer in
            LibCryptoStatus.require(EVP_DigestFinal_ex(context, buffer.baseAddress, &length), "finish a SHA-256 digest")
        }
        precondition(length == UInt32(SHA256Digest.byteCount), "EVP_sha256 produced \(length) bytes instead of 32")
        return SHA256Digest(bytes: output)!
    }
}

extension SHA256Hasher {
    /// The SHA-256 digest of `bytes` (an array, `Data`, a buffer, …) in one call.
    /// - Throws: ``CryptographyError/libraryFailed(operation:message:)`` as ``init()`` does.
    public static func digest(of bytes: some ContiguousBytes) throws -> SHA256Digest {
        let hasher = try SHA256Hasher()
        hasher.update(bytes)
        return hasher.finalize()
    }
}
