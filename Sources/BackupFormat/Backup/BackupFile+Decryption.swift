import AgeEncryption
import DurableIO

/// Opening an encrypted backup: unwrapping its file key once, and starting a fresh pass over
/// its payload for every read.
extension BackupFile {
    /// The encoding of the file's content: of the plaintext, for an encrypted file.
    static func detectEncoding(_ file: DescriptorIO, decryptor: AgeDecryptor?) throws -> BackupFileEncoding {
        guard let decryptor else { return BackupFileEncoding.detect(file) }
        return BackupFileEncoding.detect(
            prefix: try restart(decryptor, file).readPrefix(BackupFileEncoding.prefixLength))
    }

    /// The decryptor of an encrypted file (one that starts with `age-encryption.org/`), `nil`
    /// for a plain file: reads the header and unwraps the file key with the keys given; with
    /// none, asks for a passphrase when the file has one and a prompt was given.
    static func unlockIfEncrypted(_ file: DescriptorIO, decryption: BackupDecryption) throws -> AgeDecryptor? {
        guard EncryptedBackupCheck.isEncrypted(file) else { return nil }
        let name = file.name
        func open(_ identities: [AgeIdentity]) throws -> AgeDecryptor {
            let cursor = FileReadCursor(file, offset: 0)
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

    /// The payload, decrypted again from its start.
    static func restart(_ decryptor: AgeDecryptor, _ file: DescriptorIO) throws -> DecryptedPayload {
        let cursor = FileReadCursor(file, offset: Int64(decryptor.headerByteCount))
        do {
            return DecryptedPayload(try decryptor.restarted { try cursor.read(into: $0) }, name: file.name)
        } catch let error as AgeError {
            throw BackupFormatError.decryptionFailed(archive: file.name, error)
        }
    }
}
