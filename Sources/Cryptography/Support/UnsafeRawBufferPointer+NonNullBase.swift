extension UnsafeRawBufferPointer {
    /// Lends `body` a non-null pointer to these bytes. libcrypto reads a null key or password
    /// as "none given" (keep the previous key, use a default) rather than as the empty string,
    /// so an empty buffer lends the address of a placeholder byte instead; the count stays 0.
    func withNonNullBase<Result>(_ body: (UnsafePointer<UInt8>) throws -> Result) rethrows -> Result {
        if let base = baseAddress { return try body(base.assumingMemoryBound(to: UInt8.self)) }
        var placeholder: UInt8 = 0
        return try withUnsafePointer(to: &placeholder) { try body($0) }
    }
}
