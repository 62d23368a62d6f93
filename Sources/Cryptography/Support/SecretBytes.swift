import CCrypto
import Foundation

/// Secret bytes — a key, a passphrase, a file key — in memory this object owns and wipes
/// (`OPENSSL_cleanse`, which the compiler cannot optimise away) when it is released.
///
///     let key = try SecureRandom.secret(count: 32)
///     key.withUnsafeBytes { bytes in … }   // the bytes never leave the closure
///
/// The bytes are never printed: ``description`` shows the length only, and the type is not
/// `Equatable` (compare MACs with ``ConstantTime/equals(_:_:)``). Copies made through
/// ``withUnsafeBytes(_:)`` are the caller's to wipe. The memory is never resized, so no
/// stale copy is left behind by a reallocation.
public final class SecretBytes: ContiguousBytes, CustomStringConvertible {
    /// Owned: allocated in `init`, wiped and freed in `deinit`, never handed out beyond a
    /// `withUnsafe…` closure.
    private let storage: UnsafeMutableRawBufferPointer

    /// Allocates `count` zeroed bytes and lets `initialize` fill them in place, so the secret
    /// never exists in an unwiped buffer.
    /// - Throws: whatever `initialize` throws; the bytes are wiped and freed before it propagates.
    public init(count: Int, initializingWith initialize: (UnsafeMutableRawBufferPointer) throws -> Void) rethrows {
        precondition(count >= 0, "SecretBytes: negative count \(count)")
        storage = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 16)
        storage.initializeMemory(as: UInt8.self, repeating: 0)
        // `self` is fully initialised here, so if `initialize` throws, `deinit` wipes the bytes.
        try initialize(storage)
    }

    /// Copies `bytes` into wiped-on-release memory. The source is not wiped: use this for bytes
    /// that are already in memory the caller controls.
    public convenience init(copying bytes: UnsafeRawBufferPointer) {
        self.init(count: bytes.count) { storage in storage.copyMemory(from: bytes) }
    }

    /// Moves `bytes` into wiped-on-release memory and wipes the array, for secrets that had to
    /// pass through an ordinary array (a decoded key, for instance).
    public convenience init(wipingAfterCopy bytes: inout [UInt8]) {
        self.init(count: bytes.count) { storage in storage.copyBytes(from: bytes) }
        Self.wipe(&bytes)
    }

    /// Overwrites every byte of `bytes` with zero in a way the compiler keeps.
    public static func wipe(_ bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBytes { buffer in
            if let base = buffer.baseAddress { OPENSSL_cleanse(base, buffer.count) }
        }
    }

    /// Copies the first `count` bytes of `source`.
    /// - Precondition: `count <= source.count`.
    public convenience init(prefix count: Int, of source: SecretBytes) {
        precondition(count <= source.count, "SecretBytes: prefix of \(count) bytes from \(source.count)")
        self.init(count: count) { storage in
            source.withUnsafeBytes { storage.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        }
    }

    deinit {
        if let base = storage.baseAddress { OPENSSL_cleanse(base, storage.count) }
        storage.deallocate()
    }

    public var count: Int { storage.count }

    /// Lends the bytes to `body`; the pointer must not escape it.
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(storage))
    }

    /// The length only, never the bytes.
    public var description: String { "SecretBytes(\(count) bytes)" }
}
