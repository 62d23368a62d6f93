import CCrypto

/// Owns one libcrypto key (`EVP_PKEY *`) and frees it exactly once, in `deinit`.
final class EVPKey {
    let pointer: OpaquePointer

    /// Takes ownership of a key libcrypto just returned.
    /// - Throws: ``CryptographyError/libraryFailed(operation:message:)`` for `nil`.
    init(_ created: OpaquePointer?, _ operation: @autoclosure () -> String) throws {
        pointer = try LibCryptoStatus.allocated(created, operation())
    }

    deinit {
        EVP_PKEY_free(pointer)
    }
}
