import CCrypto

/// The one place libcrypto's status codes are checked (1 is success for the EVP calls used here).
enum LibCryptoStatus {
    /// Throws ``CryptographyError/libraryFailed(operation:message:)`` with OpenSSL's message
    /// unless `status` is 1.
    static func check(_ status: Int32, _ operation: @autoclosure () -> String) throws {
        guard status == 1 else {
            throw CryptographyError.libraryFailed(operation: operation(), message: lastErrorMessage())
        }
    }

    /// The same check for calls that can fail only through misuse of an initialised context.
    static func require(_ status: Int32, _ operation: @autoclosure () -> String) {
        do {
            try check(status, operation())
        } catch {
            preconditionFailure("\(error)")
        }
    }

    /// Unwraps a pointer libcrypto returned, or throws with OpenSSL's message for `nil`
    /// (allocation failed, or the algorithm is missing from the OpenSSL configuration).
    static func allocated<Pointer>(_ pointer: Pointer?, _ operation: @autoclosure () -> String)
        throws -> Pointer
    {
        guard let pointer else {
            throw CryptographyError.libraryFailed(operation: operation(), message: lastErrorMessage())
        }
        return pointer
    }

    /// OpenSSL's message for the oldest error queued on this thread, and clears the queue.
    static func lastErrorMessage() -> String {
        let code = ERR_get_error()
        defer { ERR_clear_error() }
        guard code != 0 else { return "OpenSSL reported no details" }
        var buffer = [UInt8](repeating: 0, count: 256)
        buffer.withUnsafeMutableBufferPointer { raw in
            raw.withMemoryRebound(to: CChar.self) { ERR_error_string_n(code, $0.baseAddress, $0.count) }
        }
        return String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
    }
}
