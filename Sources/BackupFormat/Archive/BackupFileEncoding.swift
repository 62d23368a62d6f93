/// How a backup file is encoded, as told by its first bytes — never by its name (design §4).
///
/// | bytes | encoding | backup version |
/// |---|---|---|
/// | `28 B5 2F FD`, a tar inside | ``tar(_:)`` with ``ArchiveCompression/Algorithm/zstd`` | v3 |
/// | `1F 8B`, a tar inside | ``tar(_:)`` with ``ArchiveCompression/Algorithm/gzip`` | v3 |
/// | `ustar` at offset 257 | ``tar(_:)`` with ``ArchiveCompression/Algorithm/uncompressed`` | v3 |
/// | `1F 8B`, `{` first inside | ``gzipJSON`` | v2 |
/// | `{` first, after whitespace | ``plainJSON`` | v1 |
///
///     switch try BackupFile(path: path).encoding {
///     case .tar: …            // TarArchiveReader
///     case .gzipJSON: …       // LegacyBackupDocument
///     case .plainJSON: …
///     case .unknown: …        // not a backup
///     }
public enum BackupFileEncoding: Hashable, Sendable {
    /// A tar archive (v3), compressed as given.
    case tar(ArchiveCompression.Algorithm)
    /// A single gzip-compressed JSON document (legacy v2).
    case gzipJSON
    /// A single uncompressed JSON document (legacy v1).
    case plainJSON
    /// None of the above: not a backup, or damaged beyond recognition.
    case unknown

    /// How many leading bytes ``detect(prefix:)`` needs to decide reliably: enough compressed
    /// input to decompress a tar header. Fewer work for files that are shorter.
    public static let prefixLength = 64 << 10
}
