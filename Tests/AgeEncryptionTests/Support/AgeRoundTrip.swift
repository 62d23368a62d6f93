import AgeEncryption
import Cryptography

/// Encrypts and decrypts in memory, feeding and draining in pieces of the given sizes.
enum AgeRoundTrip {
    static func encrypt(_ plaintext: [UInt8], to recipients: [AgeRecipient], pieceSize: Int = 10_000) throws -> [UInt8]
    {
        var file: [UInt8] = []
        let encryptor = try AgeEncryptor(recipients: recipients) { file += $0 }
        var offset = 0
        while offset < plaintext.count {
            let end = min(offset + pieceSize, plaintext.count)
            try plaintext[offset..<end].withUnsafeBytes { try encryptor.write($0) }
            offset = end
        }
        try encryptor.finish()
        return file
    }

    /// Decrypts `file`, returning what was released before any failure and the failure.
    static func decrypt(_ file: [UInt8], with identities: [AgeIdentity], readSize: Int = 7_000) -> (
        [UInt8], (any Error)?
    ) {
        var offset = 0
        var plaintext: [UInt8] = []
        do {
            let decryptor = try AgeDecryptor(identities: identities) { buffer in
                // Hand out at most 3000 bytes per call, so the decryptor must gather chunks.
                let count = min(buffer.count, file.count - offset, 3_000)
                file.withUnsafeBytes {
                    buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<(offset + count)]))
                }
                offset += count
                return count
            }
            var buffer = [UInt8](repeating: 0, count: readSize)
            while true {
                let count = try buffer.withUnsafeMutableBytes { try decryptor.read(into: $0) }
                if count == 0 { return (plaintext, nil) }
                plaintext += buffer[..<count]
            }
        } catch {
            return (plaintext, error)
        }
    }

    static func passphrase(_ text: String) -> SecretBytes {
        Array(text.utf8).withUnsafeBytes { SecretBytes(copying: $0) }
    }
}
