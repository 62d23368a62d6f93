import BackupFormat
import DataMigration
import DataValidation
import Foundation

/// The sections of a backup to import, whatever its version: a v3 archive streams its
/// verified entries; a v1 or v2 document is validated as a whole, upgraded, and its
/// upgraded sections handed out as verified payloads.
final class ImportSource {
    let file: BackupFile
    let manifest: BackupManifest
    let schemaVersion: Int
    /// The sections the backup really holds (replace mode replaces only these).
    let presentSections: Set<BackupSection>
    /// For single-document backups: the findings of their own validation (paths in the
    /// original document); nil for archives, whose findings come from the import's session.
    let legacyFindings: [Finding]?
    /// Reads the archive's sections ahead on another thread, so decompression and checksums
    /// overlap with validating and saving the previous section.
    private let reader: PrefetchingSectionReader?
    private var pending: [SectionPayload]

    /// Opens the source.
    /// - Throws: `ImportRefusal` for a newer or invalid single-document backup;
    ///   `BackupFormatError` for an unreadable archive.
    init(file: BackupFile, limits: BackupReadLimits) throws {
        self.file = file
        switch file.encoding {
        case .tar:
            let reader: BackupArchiveReader
            do {
                reader = try file.openArchive(limits: limits)
            } catch let error as BackupFormatError {
                var report = ValidationReport(
                    file: file.name, findings: [DataValidationService.finding(for: error, file: file.name)])
                if case .newerSchemaVersion(_, let found, _) = error { report.schemaVersion = found }
                throw ImportRefusal(report: report)
            }
            self.reader = PrefetchingSectionReader(reader)
            manifest = reader.manifest
            schemaVersion = reader.manifest.schemaVersion
            presentSections = Set(reader.manifest.sections.compactMap { BackupSection(entryPath: $0.path) })
            legacyFindings = nil
            pending = []
        case .plainJSON, .gzipJSON, .unknown:
            let report = DataValidationService.standard(limits: limits).validate(backup: file)
            guard !report.hasErrors else { throw ImportRefusal(report: report) }
            let upgraded = try BackupUpgrader().upgrade(file.readLegacyDocument(limits: limits))
            let manifest = try upgraded.manifest(compression: file.encoding == .gzipJSON ? "gzip" : "none")
            reader = nil
            self.manifest = manifest
            schemaVersion = upgraded.originalVersion
            presentSections = upgraded.presentSections
            legacyFindings = report.findings
            pending = upgraded.sections.reversed().map { section, bytes in
                SectionPayload(
                    path: section.entryPath, listing: manifest.section(atPath: section.entryPath),
                    size: Int64(bytes.count), verification: .verified, bytes: bytes)
            }
        }
    }

    deinit {
        reader?.stop()
    }

    /// The next section, or nil at the end.
    func nextPayload() throws -> SectionPayload? {
        if let reader { return try reader.next() }
        return pending.popLast()
    }

    /// Listed sections the archive lacked (after the last payload).
    func missingSections() -> [ManifestSection] {
        guard let reader else { return [] }
        return reader.missingSections
    }
}
