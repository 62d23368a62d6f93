/// How a tar archive is compressed, with a validated level.
///
///     let compression = try ArchiveCompression(.gzip, level: 9)
///     let writer = try TarArchiveWriter(descriptor: file.io, compression: compression)
public struct ArchiveCompression: Hashable, Sendable, CustomStringConvertible {
    /// A compression algorithm, named as on the command line (`--compression zstd|gzip|none`).
    public enum Algorithm: String, CaseIterable, Hashable, Sendable {
        /// Zstandard: the default; fast, and compresses JSON well.
        case zstd
        /// gzip (deflate): slower and larger than zstd, readable everywhere.
        case gzip
        /// No compression; spelled `none` on the command line. Not named `.none` so it can
        /// never be confused with `Optional.none`.
        case uncompressed = "none"

        /// The levels the algorithm accepts, or `nil` when it has none.
        public var levelRange: ClosedRange<Int>? {
            switch self {
            case .zstd: return 1...19
            case .gzip: return 1...9
            case .uncompressed: return nil
            }
        }

        /// The level used when none is given: zstd's and gzip's own defaults.
        public var defaultLevel: Int? {
            switch self {
            case .zstd: return 3
            case .gzip: return 6
            case .uncompressed: return nil
            }
        }
    }

    public let algorithm: Algorithm

    /// The level, always within ``Algorithm/levelRange``; `nil` for ``Algorithm/uncompressed``.
    public let level: Int?

    /// Validates a level for an algorithm; `nil` takes the algorithm's default.
    /// - Throws: ``BackupFormatError/invalidCompressionLevel(algorithm:level:validRange:)`` when
    ///   the level is out of range, ``BackupFormatError/compressionLevelNotApplicable(algorithm:level:)``
    ///   when a level is given for `none`.
    public init(_ algorithm: Algorithm, level: Int? = nil) throws {
        if let level {
            guard let range = algorithm.levelRange else {
                throw BackupFormatError.compressionLevelNotApplicable(algorithm: algorithm.rawValue, level: level)
            }
            guard range.contains(level) else {
                throw BackupFormatError.invalidCompressionLevel(
                    algorithm: algorithm.rawValue, level: level, validRange: range)
            }
        }
        self.algorithm = algorithm
        self.level = level ?? algorithm.defaultLevel
    }

    private init(defaultFor algorithm: Algorithm) {
        self.algorithm = algorithm
        self.level = algorithm.defaultLevel
    }

    /// zstd at level 3: the default for new backups.
    public static let `default` = ArchiveCompression.zstd

    /// zstd at its default level, 3.
    public static let zstd = ArchiveCompression(defaultFor: .zstd)

    /// gzip at its default level, 6.
    public static let gzip = ArchiveCompression(defaultFor: .gzip)

    public static let uncompressed = ArchiveCompression(defaultFor: .uncompressed)

    /// For example `zstd level 3`, or `none`.
    public var description: String {
        level.map { "\(algorithm.rawValue) level \($0)" } ?? algorithm.rawValue
    }
}
