import BackupFormat
import Testing

@Suite struct BackupFormatErrorTests {
    @Test func messagesNameTheArchiveAndEntry() {
        let errors: [BackupFormatError] = [
            .duplicateEntry(archive: "b.tar.zst", path: "sections/x.json"),
            .absoluteEntryPath(archive: "b.tar.zst", path: "/sections/x.json"),
            .parentDirectoryInEntryPath(archive: "b.tar.zst", path: "../sections/x.json"),
            .unsupportedEntryType(
                archive: "b.tar.zst", path: "sections/x.json", type: .symbolicLink(target: "/etc/passwd")),
            .entryTooLarge(archive: "b.tar.zst", path: "sections/x.json", size: 3 << 30, limit: 2 << 30),
            .truncatedArchive(archive: "b.tar.zst", entry: "sections/x.json", message: "Truncated zstd input"),
            .compressionRatioExceeded(
                archive: "b.tar.zst", entry: "sections/x.json", produced: 1 << 20, consumed: 100, limit: 1000),
        ]
        for error in errors {
            #expect(error.description.contains("b.tar.zst"), "\(error)")
            #expect(error.description.contains("sections/x.json"), "\(error)")
        }
    }

    @Test func sizesReadAtAGlance() {
        let error = BackupFormatError.entryTooLarge(archive: "b.tar", path: "x.json", size: 3 << 30, limit: 2 << 30)
        #expect(error.description.contains("3 GiB, over the limit of 2 GiB"))
        let ratio = BackupFormatError.compressionRatioExceeded(
            archive: "b", entry: nil, produced: 1 << 20, consumed: 100, limit: 1000)
        #expect(ratio.description.contains("expanded 100 bytes of compressed data into 1 MiB (10485:1, limit 1000:1)"))
    }

    @Test func aRatioOfAnySizeIsDescribedWithoutOverflow() {
        // `Int(ratio)` once trapped on an infinite ratio.
        let unbounded = BackupFormatError.compressionRatioExceeded(
            archive: "b", entry: nil, produced: 1 << 20, consumed: 0, limit: .infinity)
        #expect(unbounded.description.contains("(∞:1, limit ∞:1)"))
        let huge = BackupFormatError.compressionRatioExceeded(
            archive: "b", entry: nil, produced: 1 << 20, consumed: 1, limit: 1e300)
        #expect(huge.description.contains("(1048576:1, limit 1e+300:1)"))
    }

    @Test func corruptCompressedDataNamesTheCheckAndSaysWhatToDo() {
        let error = BackupFormatError.corruptCompressedData(
            archive: "old.json.gz", entry: nil, algorithm: "gzip",
            message: "the CRC-32 in the gzip trailer does not match the data")
        #expect(
            error.description
                == "'old.json.gz' is damaged: its gzip data fails to decompress intact (the CRC-32 in the gzip "
                + "trailer does not match the data). The file changed after it was written; use another copy of the backup."
        )
    }

    @Test func messagesSayWhatToDo() {
        #expect(
            BackupFormatError.tooManyEntries(archive: "b", limit: 64).description.contains(
                "raise the entry-count limit"))
        #expect(
            BackupFormatError.unrecognizedArchive(archive: "notes.txt").description
                == "'notes.txt' is empty or not a tar archive (plain, zstd- or gzip-compressed). "
                + "Check that you picked a backup file written by backupctl.")
    }
}
