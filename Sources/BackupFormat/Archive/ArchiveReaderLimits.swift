/// The limits an archive reader enforces on untrusted input (design §8).
///
/// Every field can be changed; ``default`` suits DomainDig backups with a wide margin:
///
///     var limits = ArchiveReaderLimits.default
///     limits.maxEntrySize = 8 << 30   // a store with an unusually large section
///     let reader = try TarArchiveReader(path: "backup.tar.zst", limits: limits)
public struct ArchiveReaderLimits: Hashable, Sendable {
    /// The most entries an archive may hold. Default 64: a backup holds a manifest and one
    /// entry per section (about a dozen today), so 64 leaves room for sections added by later
    /// versions while refusing archives of thousands of tiny files.
    public var maxEntryCount: Int

    /// The most bytes one entry may hold, declared or read. Default 2 GiB: the largest
    /// section of a 200 MB store is about 90 MB, so this is twenty times any real section;
    /// callers that read an entry into memory may pass a smaller bound to
    /// ``TarArchiveReader/readEntry(maxBytes:)``.
    public var maxEntrySize: Int64

    /// The most entry data the whole archive may hold. Default 8 GiB: forty times the largest
    /// stores, and a bound on the work a hostile archive can cause.
    public var maxTotalSize: Int64

    /// The most uncompressed bytes produced per compressed byte consumed. Default 1000:
    /// DomainDig JSON compresses 5–30× (up to ~100× for repetitive logs at high zstd levels),
    /// while a zstd bomb of zeros reaches tens of thousands to one. gzip cannot exceed about
    /// 1032:1, so gzip bombs are bounded by the size limits rather than by this one.
    public var maxCompressionRatio: Double

    /// The uncompressed bytes produced before the ratio is checked. Default 1 MiB: small,
    /// highly repetitive inputs (a few KiB of `[]` or zeros) reach high ratios harmlessly, and
    /// checking only past this point means a bomb is stopped after about this much output.
    public var ratioCheckThreshold: Int64

    /// Creates limits; each value left out takes its documented default.
    public init(
        maxEntryCount: Int = 64,
        maxEntrySize: Int64 = 2 << 30,
        maxTotalSize: Int64 = 8 << 30,
        maxCompressionRatio: Double = 1000,
        ratioCheckThreshold: Int64 = 1 << 20
    ) {
        self.maxEntryCount = maxEntryCount
        self.maxEntrySize = maxEntrySize
        self.maxTotalSize = maxTotalSize
        self.maxCompressionRatio = maxCompressionRatio
        self.ratioCheckThreshold = ratioCheckThreshold
    }

    /// The documented defaults.
    public static let `default` = ArchiveReaderLimits()
}

extension ArchiveReaderLimits {
    /// Throws when `produced` decompressed bytes from `consumed` compressed ones exceed
    /// ``maxCompressionRatio``, once past ``ratioCheckThreshold``.
    ///
    /// The decompressed count includes tar headers and padding, which is what a bomb made of
    /// headers would inflate.
    func checkCompressionRatio(produced: Int64, consumed: Int64, archive: String, entry: String?) throws {
        guard produced >= ratioCheckThreshold else { return }
        if Double(produced) > Double(max(consumed, 1)) * maxCompressionRatio {
            throw BackupFormatError.compressionRatioExceeded(
                archive: archive, entry: entry, produced: produced, consumed: consumed, limit: maxCompressionRatio)
        }
    }
}
