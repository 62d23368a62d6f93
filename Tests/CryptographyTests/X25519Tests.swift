import Cryptography
import Testing

@Suite struct X25519Tests {
    private func hex(_ text: String) throws -> [UInt8] { try #require(HexEncoding.bytes(from: text)) }

    private func privateKey(_ text: String) throws -> X25519PrivateKey {
        let bytes = try hex(text)
        return try X25519PrivateKey(rawRepresentation: bytes.withUnsafeBytes { SecretBytes(copying: $0) })
    }

    /// RFC 7748 §6.1: Alice's and Bob's keys and their shared secret.
    @Test func matchesRFC7748DiffieHellman() throws {
        let alice = try privateKey("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a")
        let bob = try privateKey("5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb")
        #expect(
            alice.publicKey.rawRepresentation
                == (try hex("8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a")))
        #expect(
            bob.publicKey.rawRepresentation
                == (try hex("de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f")))
        let expected = "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742"
        let fromAlice = try alice.sharedSecret(with: bob.publicKey)
        let fromBob = try bob.sharedSecret(with: alice.publicKey)
        #expect(fromAlice.withUnsafeBytes { HexEncoding.string(from: $0) } == expected)
        #expect(fromBob.withUnsafeBytes { HexEncoding.string(from: $0) } == expected)
    }

    @Test func rawRepresentationRoundTrips() throws {
        let key = try X25519PrivateKey()
        let copy = try X25519PrivateKey(rawRepresentation: try key.rawRepresentation())
        #expect(copy.publicKey == key.publicKey)
        #expect(try X25519PrivateKey().publicKey != key.publicKey)
    }

    /// RFC 7748 §6.1 says to abort on an all-zero secret: points of order 1, 2, 4 and 8.
    @Test(arguments: [
        String(repeating: "00", count: 32),
        "01" + String(repeating: "00", count: 31),
        "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800",
        "5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157",
        "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    ])
    func refusesLowOrderPoints(point: String) throws {
        let key = try X25519PrivateKey()
        let peer = try X25519PublicKey(rawRepresentation: try hex(point))
        #expect(throws: CryptographyError.lowOrderPoint) { try key.sharedSecret(with: peer) }
    }

    @Test func refusesKeysOfTheWrongLength() {
        #expect(throws: CryptographyError.invalidKeyLength(what: "X25519 public key", expected: 32, actual: 31)) {
            try X25519PublicKey(rawRepresentation: [UInt8](repeating: 9, count: 31))
        }
        #expect(throws: CryptographyError.invalidKeyLength(what: "X25519 private key", expected: 32, actual: 33)) {
            try X25519PrivateKey(rawRepresentation: SecretBytes(count: 33) { _ in })
        }
    }
}
