/// An X25519 public key (RFC 7748): 32 bytes, the u-coordinate of a Curve25519 point.
public struct X25519PublicKey: Hashable, Sendable {
    public static let byteCount = 32

    /// The key's 32 bytes, little-endian as RFC 7748 encodes them.
    public let rawRepresentation: [UInt8]

    /// Wraps 32 bytes received from outside.
    /// - Throws: ``CryptographyError/invalidKeyLength(what:expected:actual:)`` for any other length.
    public init(rawRepresentation: [UInt8]) throws {
        guard rawRepresentation.count == Self.byteCount else {
            throw CryptographyError.invalidKeyLength(
                what: "X25519 public key", expected: Self.byteCount, actual: rawRepresentation.count)
        }
        self.rawRepresentation = rawRepresentation
    }
}
