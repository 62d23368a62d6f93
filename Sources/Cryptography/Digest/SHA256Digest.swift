import Foundation

/// A SHA-256 digest: 32 bytes, written as 64 lowercase hex digits in manifests.
///
///     let digest = SHA256Digest(hexString: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
///     digest?.hexString  // the same string back
public struct SHA256Digest: Hashable, Sendable, CustomStringConvertible {
    public static let byteCount = 32

    /// The digest's 32 bytes, most significant first (the order `sha256sum` prints).
    public let bytes: [UInt8]

    /// Wraps 32 digest bytes.
    /// - Returns: `nil` unless `bytes` holds exactly 32 bytes.
    public init?(bytes: [UInt8]) {
        guard bytes.count == Self.byteCount else { return nil }
        self.bytes = bytes
    }

    /// Parses 64 hex digits, upper- or lowercase, as `sha256sum` and manifests write them.
    /// - Returns: `nil` for any other length or a character that is not a hex digit.
    public init?(hexString: String) {
        guard hexString.utf8.count == Self.byteCount * 2, let bytes = HexEncoding.bytes(from: hexString) else {
            return nil
        }
        self.bytes = bytes
    }

    /// The digest as 64 lowercase hex digits.
    public var hexString: String { HexEncoding.string(from: bytes) }

    /// The same as ``hexString``, so digests print the way `sha256sum` shows them.
    public var description: String { hexString }
}
