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

    /// An input handing out `file` from byte `start`, at most `piece` bytes per call.
    static func input(_ file: [UInt8], from start: Int = 0, piece: Int = .max) -> AgeDecryptor.Input {
        var offset = start
        return { buffer in
            let count = min(buffer.count, file.count - offset, piece)
            file.withUnsafeBytes {
                buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<(offset + count)]))
            }
            offset += count
            return count
        }
    }

    /// Reads `decryptor` to its end, returning what it released and the failure that stopped it.
    static func drain(_ decryptor: AgeDecryptor, readSize: Int = 7_000) -> ([UInt8], (any Error)?) {
        var plaintext: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: readSize)
        do {
            while case let count = try buffer.withUnsafeMutableBytes({ try decryptor.read(into: $0) }), count > 0 {
                plaintext += buffer[..<count]
            }
            return (plaintext, nil)
        } catch {
            return (plaintext, error)
        }
    }

    /// Decrypts `file`, returning what was released before any failure and the failure. The
    /// input comes 3,000 bytes at a time, so the decryptor must gather its chunks.
    static func decrypt(_ file: [UInt8], with identities: [AgeIdentity], readSize: Int = 7_000) -> (
        [UInt8], (any Error)?
    ) {
        do {
            return drain(try AgeDecryptor(identities: identities, input: input(file, piece: 3_000)), readSize: readSize)
        } catch {
            return ([], error)
        }
    }

    static func passphrase(_ text: String) -> SecretBytes {
        Array(text.utf8).withUnsafeBytes { SecretBytes(copying: $0) }
    }
}
