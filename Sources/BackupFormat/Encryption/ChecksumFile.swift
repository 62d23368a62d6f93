import Cryptography

/// The checksum file `backup` writes beside an encrypted backup it has read back, in
/// `sha256sum`'s format (`<64 hex digits>  <name>` and a newline), hidden as
/// `.<name>.sha256`. Without the key, the header and the STREAM framing of an encrypted
/// backup cannot tell a file cut at a chunk boundary from a whole one; the SHA-256 of the
/// bytes as written can. So retention counts an encrypted backup it cannot open as sound only
/// when it matches its checksum file; `sha256sum -c .<name>.sha256` checks the same by hand.
public struct ChecksumFile: Equatable, Sendable {
    /// The SHA-256 of the backup's bytes as written.
    public var digest: SHA256Digest
    /// The backup's file name (the last component of its path or key).
    public var fileName: String

    public init(digest: SHA256Digest, fileName: String) {
        self.digest = digest
        self.fileName = fileName
    }

    /// The checksum file's name for the backup named `backupName`, in the same folder.
    public static func name(for backupName: String) -> String {
        ".\(backupName).sha256"
    }

    /// The file's contents.
    public var bytes: [UInt8] {
        Array("\(digest.hexString)  \(fileName)\n".utf8)
    }

    /// The most bytes a checksum file holds for any backup name (a name has at most 255 bytes).
    public static let maximumByteCount = SHA256Digest.byteCount * 2 + 2 + 255 + 1

    /// Reads a checksum file's contents.
    /// - Returns: `nil` unless `bytes` is exactly one line `sha256sum` writes for one file:
    ///   64 hex digits, two spaces (or a space and `*`, binary mode), a name, a newline.
    public init?(parsing bytes: [UInt8]) {
        let hexCount = SHA256Digest.byteCount * 2
        guard bytes.count > hexCount + 3, bytes.count <= Self.maximumByteCount, bytes.last == UInt8(ascii: "\n"),
            bytes[hexCount] == UInt8(ascii: " "),
            bytes[hexCount + 1] == UInt8(ascii: " ") || bytes[hexCount + 1] == UInt8(ascii: "*"),
            let digest = SHA256Digest(hexString: String(decoding: bytes[..<hexCount], as: UTF8.self))
        else { return nil }
        let name = bytes[(hexCount + 2)..<(bytes.count - 1)]
        guard !name.contains(UInt8(ascii: "\n")), !name.contains(UInt8(ascii: "/")),
            let fileName = String(validating: name, as: UTF8.self)
        else { return nil }
        self.init(digest: digest, fileName: fileName)
    }
}
