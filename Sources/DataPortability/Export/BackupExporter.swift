import BackupFormat
import Concurrency
import DataMigration
import DataStore
import DomainModel
import Foundation

/// The export pipeline (design §2): store (read only) → pending migration steps applied in
/// memory → records through the deduplicating loaders, encoded as they are decoded → backup
/// sections → archive, written atomically. It never writes to the store, not even to migrate
/// it: the manifest records the version the store was read at (`storeSchemaVersionRead`).
/// And it loses nothing of it: fields this build does not know stay in their records, and
/// what it cannot read or does not know — unreadable records, unknown store keys, legacy keys
/// still present after their migration — is carried verbatim beside the sections
/// (`CarriedEntry`), as found in the store at this build's version (the in-memory view).
///
///     let summary = try ReadOnlyStore.reading(explicitPath: path) { store in
///         try BackupExporter(compression: .zstd).export(from: store, to: .file(url))
///     }
public struct BackupExporter {
    public struct SectionTime: Sendable, Equatable {
        /// Reading the section from the store and encoding it (beside other sections).
        public var encoding: TimeInterval
        /// Compressing and writing it into the archive.
        public var writing: TimeInterval
    }

    public struct Summary: Sendable {
        /// Where it went: a path, or "standard output".
        public var destination: String
        /// The steps that brought the data to this build's version, in memory (none when the
        /// store was current).
        public var migration: [AppliedStep]
        public var manifest: BackupManifest
        public var duplicatesMerged: [BackupSection: Int]
        /// Everything worked around, by store key and path (the export's warnings).
        public var issues: [StoreIssue]
        /// What the backup carries verbatim: store keys this build does not read, and the
        /// records it cannot read.
        public var carried: CarriedContents
        public var uncompressedBytes: Int64
        public var compressedBytes: Int64
        /// For an encrypted backup, what was recorded about the file while writing it.
        public var encryption: EncryptionRecord?
        public var duration: TimeInterval
        public var sectionTimes: [BackupSection: SectionTime] = [:]

        /// Records written, all sections (the carried ones are in `carried`).
        public var totalRecords: Int { manifest.recordCount }

        /// Uncompressed ÷ compressed.
        public var compressionRatio: Double {
            compressedBytes > 0 ? Double(uncompressedBytes) / Double(compressedBytes) : 0
        }
    }

    /// A section read, and how long reading and encoding it took.
    private struct TimedSection: ~Copyable {
        var read: SectionSource.Section
        var encoding: TimeInterval
    }

    public var compression: ArchiveCompression
    /// Whether, and to whom, the file is encrypted.
    public var encryption: BackupEncryption
    /// The time written into the manifest and onto every entry's tar header.
    public var clock: StoreClock
    /// Receives how much of the store has been exported, in the store's bytes, for a
    /// progress display: a section's bytes count half once read and encoded, half once
    /// written into the archive.
    public var byteProgress: ByteProgress.Handler?

    public init(
        compression: ArchiveCompression = .default, encryption: BackupEncryption = .none,
        clock: StoreClock = StoreClock()
    ) {
        self.compression = compression
        self.encryption = encryption
        self.clock = clock
    }

    /// The default file name for a backup made at `date`: `domaindig-20261130T044222Z.ddbackup`.
    public static func defaultFileName(at date: Date) -> String {
        let stamp = Timestamp.format(date).prefix(19).replacingOccurrences(of: "-", with: "").replacingOccurrences(
            of: ":", with: "")
        return "domaindig-\(stamp)Z.ddbackup"
    }

    /// Exports a store opened for reading, at this build's version.
    /// - Parameters:
    ///   - store: the store; it is only read.
    ///   - destination: a file (written atomically, mode 0600) or a descriptor.
    /// - Throws: `StoreError` reading (`.changedWhileReading` when another process wrote the
    ///   store meanwhile, before anything was written), `FileIOError` or `BackupFormatError`
    ///   writing; a failed export leaves nothing under the final name.
    public func export(from store: ReadOnlyStore, to destination: BackupArchiveWriter.Destination) throws
        -> Summary
    {
        let report = store.current.report
        var summary = try export(
            from: store.current.reader, to: destination, storeSchemaVersion: report.toVersion,
            storeSchemaVersionRead: report.fromVersion, confirmingRead: store.snapshot.verifyConsistentRead)
        summary.migration = report.applied
        return summary
    }

    /// Exports every section of `store`.
    /// - Parameters:
    ///   - store: the store (or transaction) to read.
    ///   - destination: a file (written atomically, mode 0600) or a descriptor.
    ///   - storeSchemaVersion: the version of the data, recorded in the manifest.
    ///   - storeSchemaVersionRead: the version the store was read at, when it was upgraded on
    ///     the way (recorded in the manifest).
    ///   - confirmingRead: called after the last read and before the archive is written, so
    ///     an inconsistent read leaves nothing behind.
    /// - Throws: `StoreError` reading, `FileIOError` or `BackupFormatError` writing; a
    ///   failed export leaves nothing under the final name.
    public func export(
        from store: any StoreReading, to destination: BackupArchiveWriter.Destination,
        storeSchemaVersion: Int, storeSchemaVersionRead: Int? = nil, confirmingRead: () throws -> Void = {}
    ) throws -> Summary {
        let started = Date()
        let writer = try BackupArchiveWriter(
            destination: destination, compression: compression, modificationTime: clock.now(), encryption: encryption)
        let reader = SerializedStoreReader(store)
        let tracker = try byteProgress.map { try ExportProgress(store: reader, handler: $0) }
        // Sections run side by side, so the cores are busy with them already: only the largest
        // one (the lookup history, most of a store) spreads over them as well. Were the others to
        // spread too, their threads would take turns with the one reading the largest, on which
        // everything else waits.
        let largest =
            WorkerPool.default.width > 1
            ? try reader.readAheadAllButLargest(of: BackupSection.allCases.flatMap { $0.entry.storeKeys }) : nil
        func parts(_ section: BackupSection) -> Int {
            guard let largest, !section.entry.storeKeys.contains(largest) else { return WorkerPool.default.parts }
            return 1
        }
        let source = SectionSource(reader)
        var issues: [StoreIssue] = []
        var duplicates: [BackupSection: Int] = [:]
        var times: [BackupSection: SectionTime] = [:]
        var carried = CarriedContents()
        try WorkerPool.default.run(BackupSection.allCases) { section in
            let started = Date()
            let read = try source.read(section, parts: parts(section))
            tracker?.advance(section)
            return TimedSection(read: read, encoding: Date().timeIntervalSince(started))
        } deliver: { section, output in
            let started = Date()
            let read = output.read
            try writer.addSection(section, bytes: read.bytes, records: read.records)
            tracker?.advance(section)
            issues += read.findings.issues
            duplicates[section] = read.duplicatesMerged
            carried.unreadableRecords += read.findings.unreadable
            times[section] = SectionTime(encoding: output.encoding, writing: Date().timeIntervalSince(started))
        }
        carried.storeKeys = try source.carriedStoreKeys()
        // Everything is read: confirm it came from one state of the store before anything is kept.
        try confirmingRead()
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
        let written = try writer.finish(
            createdAt: clock.now(), storeSchemaVersion: storeSchemaVersion,
            storeSchemaVersionRead: storeSchemaVersionRead)
        let name: String
        switch destination {
        case .file(let url): name = url.path
        case .descriptor(let output): name = output.name
        }
        return Summary(
            destination: name, migration: [], manifest: written.manifest, duplicatesMerged: duplicates, issues: issues,
            carried: carried,
            uncompressedBytes: written.uncompressedBytes, compressedBytes: written.compressedBytes,
            encryption: written.encryption, duration: Date().timeIntervalSince(started), sectionTimes: times)
    }
}
