import BackupFormat
import JSONCore

extension FuzzHarness {
    /// Limits far below the defaults, so inputs of a few kilobytes reach every one of them.
    static let tightLimits = BackupReadLimits(
        archive: ArchiveReaderLimits(
            maxEntryCount: 12, maxEntrySize: 256 << 10, maxTotalSize: 1 << 20, maxCompressionRatio: 100,
            ratioCheckThreshold: 64 << 10),
        json: JSONParseOptions(maxDepth: 16))

    /// Reads the bytes as a file: every tar entry through `TarArchiveReader`, then the backup
    /// through `BackupArchiveReader`, every section collected and verified.
    static func fuzzArchive(_ input: UnsafeRawBufferPointer) -> Verdict {
        guard let file = try? BackupFile(contents: Array(input), name: "fuzz-input") else { return .keep }
        readEveryEntry(of: file)
        guard case .tar = file.encoding, let reader = try? file.openArchive(limits: tightLimits) else { return .keep }
        var seen = 0
        while let payload = try? reader.nextSection() {
            precondition(
                (payload.bytes != nil) == (payload.verification == .verified),
                "a section's bytes are handed out exactly when it verified")
            if let bytes = payload.bytes { precondition(Int64(bytes.count) == payload.size, "a section lost bytes") }
            seen += 1
            precondition(seen < tightLimits.archive.maxEntryCount, "more sections than the entry limit allows")
        }
        _ = reader.missingSections
        return .keep
    }

    /// Reads every entry's data, as `inspect` does for archives that are not backups.
    private static func readEveryEntry(of file: BackupFile) {
        guard let tar = try? file.openTar(limits: tightLimits.archive) else { return }
        var total: Int64 = 0
        while let entry = try? tar.nextEntry() {
            guard let data = try? tar.readEntry(maxBytes: tightLimits.archive.maxEntrySize) else { return }
            precondition(Int64(data.count) == entry.size, "an entry's data differs from its declared size")
            total += Int64(data.count)
            precondition(total <= tightLimits.archive.maxTotalSize, "the total-size limit was not enforced")
        }
    }
}
