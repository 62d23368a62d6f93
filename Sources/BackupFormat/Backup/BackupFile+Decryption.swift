import AgeEncryption

/// Opening an encrypted backup: unwrapping its file key once, and starting a fresh pass over
/// its payload for every read.
extension BackupFile {
    /// Reads the header and unwraps the file key with the keys given; with none, asks for a
    /// passphrase when the file has one and a prompt was given.
    static func unlock(_ descriptor: Int32, name: String, decryption: BackupDecryption) throws -> AgeDecryptor {
        func open(_ identities: [AgeIdentity]) throws -> AgeDecryptor {
            let cursor = FileReadCursor(descriptor: descriptor, name: name, offset: 0)
            return try AgeDecryptor(identities: identities) { try cursor.read(into: $0) }
        }
        do {
            do {
                return try open(decryption.identities)
            } catch AgeError.noMatchingIdentity(let noMatch)
                where noMatch.passphraseProtected && decryption.identities.isEmpty
            {
                guard let prompt = decryption.passphrasePrompt else { throw AgeError.noMatchingIdentity(noMatch) }
                return try open([.passphrase(ScryptIdentity(passphrase: try prompt(name)))])
            }
        } catch let error as AgeError {
            throw BackupFormatError.decryptionFailed(archive: name, error)
        }
    }

    /// A decryptor reading the payload again from its start.
    static func restart(_ decryptor: AgeDecryptor, _ descriptor: Int32, name: String) throws -> AgeDecryptor {
        let cursor = FileReadCursor(descriptor: descriptor, name: name, offset: Int64(decryptor.headerByteCount))
        do {
            return try decryptor.restarted { try cursor.read(into: $0) }
        } catch let error as AgeError {
            throw BackupFormatError.decryptionFailed(archive: name, error)
        }
    }

    /// The encoding of the plaintext, from its first bytes.
    static func detectPlaintextEncoding(_ payload: DecryptedPayload) throws -> BackupFileEncoding {
        var prefix: [UInt8] = []
        while prefix.count < BackupFileEncoding.prefixLength {
            let chunk = try payload.nextBytes()
            if chunk.isEmpty { break }
            prefix += chunk
        }
        return BackupFileEncoding.detect(prefix: prefix)
    }
}
