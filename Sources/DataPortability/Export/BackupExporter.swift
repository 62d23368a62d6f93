import BackupFormat
import DataStore
import DomainModel
import Foundation

/// The export pipeline (design §2): store → records through the deduplicating loaders,
/// encoded as they are decoded → backup sections → archive, written atomically. It never
/// edits the store, and loses nothing of it: fields this build does not know stay in their
/// records, and what it cannot read or does not know — unreadable records, unknown store
/// keys — is carried verbatim beside the sections (`CarriedEntry`).
///
///     let summary = try BackupExporter(compression: .zstd).export(from: store, to: .file(url),
///                                                                 storeSchemaVersion: 3)
public struct BackupExporter {
    /// What an export did.
    public struct Summary: Sendable {
        /// Where it went: a path, or "standard output".
        public var destination: String
        public var manifest: BackupManifest
        /// Duplicates merged per section.
        public var duplicatesMerged: [BackupSection: Int]
        /// Everything worked around, by store key and path (the export's warnings).
        public var issues: [StoreIssue]
        /// What the backup carries verbatim: store keys this build does not read, and the
        /// records it cannot read.
        public var carried: CarriedContents
        public var uncompressedBytes: Int64
        public var compressedBytes: Int64
        public var duration: TimeInterval

        /// Records written, all sections (the carried ones are in `carried`).
        public var totalRecords: Int { manifest.recordCount }

        /// Uncompressed ÷ compressed.
        public var compressionRatio: Double {
            compressedBytes > 0 ? Double(uncompressedBytes) / Double(compressedBytes) : 0
        }
    }

    /// How sections are compressed.
    public var compression: ArchiveCompression
    /// The time written into the manifest.
    public var clock: StoreClock
    /// Called with each section as it is written, for progress display.
    public var progress: (@Sendable (BackupSection) -> Void)?

    public init(
        compression: ArchiveCompression = .default, clock: StoreClock = StoreClock(),
        progress: (@Sendable (BackupSection) -> Void)? = nil
    ) {
        self.compression = compression
        self.clock = clock
        self.progress = progress
    }

    /// The default file name for a backup made at `date`: `domaindig-20261130T044222Z.ddbackup`.
    public static func defaultFileName(at date: Date) -> String {
        let stamp = Timestamp.format(date).prefix(19).replacingOccurrences(of: "-", with: "").replacingOccurrences(
            of: ":", with: "")
        return "domaindig-\(stamp)Z.ddbackup"
    }

    /// Exports every section of `store`.
    /// - Parameters:
    ///   - store: the store (or transaction) to read.
    ///   - destination: a file (written atomically, mode 0600) or a descriptor.
    ///   - storeSchemaVersion: the store's version, recorded in the manifest.
    /// - Throws: `StoreError` reading, `FileIOError` or `BackupFormatError` writing; a
    ///   failed export leaves nothing under the final name.
    public func export(
        from store: any StoreReading, to destination: BackupArchiveWriter.Destination,
        storeSchemaVersion: Int
    ) throws -> Summary {
        let started = Date()
        let writer = try BackupArchiveWriter(destination: destination, compression: compression)
        // Sections decode and encode on every core; they are spooled in archive order.
        let source = SectionSource(SerializedStoreReader(store))
        var issues: [StoreIssue] = []
        var duplicates: [BackupSection: Int] = [:]
        var carried = CarriedContents()
        try OrderedWork.run(
            BackupSection.allCases, width: ProcessInfo.processInfo.activeProcessorCount,
            work: { section in try source.read(section) },
            deliver: { section, read in
                progress?(section)
                var pieces = read.pieces
                try writer.addSection(section, pieces: &pieces, records: read.records)
                issues += read.issues
                duplicates[section] = read.duplicatesMerged
                carried.unreadableRecords += read.unreadable
            })
        carried.storeKeys = try source.carriedStoreKeys()
        // Known only now, written ahead of the sections by the writer.
        if !carried.storeKeys.isEmpty {
            try writer.addCarried(
                .storeKeys, bytes: CarriedStoreKey.encode(carried.storeKeys), records: carried.storeKeys.count)
        }
        if !carried.unreadableRecords.isEmpty {
            try writer.addCarried(
                .unreadableRecords, bytes: CarriedUnreadableRecord.encode(carried.unreadableRecords),
                records: carried.unreadableRecords.count)
        }
        let written = try writer.finish(createdAt: clock.now(), storeSchemaVersion: storeSchemaVersion)
        let name: String
        switch destination {
        case .file(let url): name = url.path
        case .descriptor(_, let descriptorName): name = descriptorName
        }
        return Summary(
            destination: name, manifest: written.manifest, duplicatesMerged: duplicates, issues: issues,
            carried: carried,
            uncompressedBytes: written.uncompressedBytes, compressedBytes: written.compressedBytes,
            duration: Date().timeIntervalSince(started))
    }
}
