import JSONCore

/// Every limit applied when reading a backup: the archive's (entries, sizes, compression
/// ratio) and the JSON parser's (nesting depth).
public struct BackupReadLimits: Sendable, Equatable {
    /// Limits on the tar stream.
    public var archive: ArchiveReaderLimits
    /// Limits on each JSON document (manifest and sections).
    public var json: JSONParseOptions

    public init(archive: ArchiveReaderLimits = .default, json: JSONParseOptions = .default) {
        self.archive = archive
        self.json = json
    }

    /// The documented defaults of both.
    public static let `default` = BackupReadLimits()
}
