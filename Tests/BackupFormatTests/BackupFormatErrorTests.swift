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
    }

    /// 1 MiB produced from `consumed` bytes, over `limit`: sizes read at a glance, and a ratio of
    /// any size described without overflow (`Int(ratio)` once trapped on an infinite ratio).
    @Test(
        arguments: [
            (100, 1000, "expanded 100 bytes of compressed data into 1 MiB (10485:1, limit 1000:1)"),
            (0, .infinity, "(∞:1, limit ∞:1)"),
            (1, 1e300, "(1048576:1, limit 1e+300:1)"),
        ] as [(Int64, Double, String)])
    func aRatioIsDescribedAsItIs(consumed: Int64, limit: Double, description: String) {
        let error = BackupFormatError.compressionRatioExceeded(
            archive: "b", entry: nil, produced: 1 << 20, consumed: consumed, limit: limit)
        #expect(error.description.contains(description))
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
