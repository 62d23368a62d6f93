import AgeEncryption

/// How a backup file is written: as the archive itself, or the age encryption of that very
/// archive, so `age -d` then `zstd -d | tar -x` restores it by hand.
public enum BackupEncryption {
    /// The archive as it is.
    case none
    /// Encrypted to these recipients (public keys, or one passphrase).
    case age([AgeRecipient])

    public var isEncrypted: Bool {
        if case .age = self { true } else { false }
    }
}
