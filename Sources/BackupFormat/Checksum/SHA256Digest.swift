import Foundation

/// A SHA-256 digest: 32 bytes, written as 64 lowercase hex digits in manifests.
///
///     let digest = SHA256Digest(hexString: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
///     digest?.hexString  // the same string back
public struct SHA256Digest: Hashable, Sendable, CustomStringConvertible {
    /// The number of bytes in a digest.
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
        let utf8 = Array(hexString.utf8)
        guard utf8.count == Self.byteCount * 2 else { return nil }
        var bytes = [UInt8]()
        bytes.reserveCapacity(Self.byteCount)
        var index = 0
        while index < utf8.count {
            guard let high = Self.nibble(utf8[index]), let low = Self.nibble(utf8[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        self.bytes = bytes
    }

    /// The digest as 64 lowercase hex digits.
    public var hexString: String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(Self.byteCount * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The same as ``hexString``, so digests print the way `sha256sum` shows them.
    public var description: String { hexString }

    private static func nibble(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return character - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
