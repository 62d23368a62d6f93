import BackupFormat
import DataMigration
import DataValidation
import Foundation

/// The sections of a backup to import, whatever its version: a v3 archive streams its
/// verified entries; a v1 or v2 document is validated as a whole and upgraded — once, by the
/// validation — and its upgraded sections handed out as verified payloads.
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
    /// - Parameter validation: what opens the file and validates a single-document backup (with
    ///   the upgrader that brings it to the current version).
    /// - Throws: `ImportRefusal` for a file that cannot be read as a backup, one from a newer
    ///   version, or an invalid single-document backup.
    init(file: BackupFile, validation: DataValidationService) throws {
        self.file = file
        switch validation.open(file) {
        case .refused(let report):
            throw ImportRefusal(report: report)
        case .archive(let reader):
            self.reader = PrefetchingSectionReader(reader)
            manifest = reader.manifest
            schemaVersion = reader.manifest.schemaVersion
            presentSections = Set(reader.manifest.sections.compactMap { BackupSection(entryPath: $0.path) })
            legacyFindings = nil
            pending = []
        case .document(let legacy):
            let checked = validation.validate(document: legacy)
            guard let upgraded = checked.upgraded else { throw ImportRefusal(report: checked.report) }
            let manifest = try upgraded.manifest(compression: file.encoding == .gzipJSON ? "gzip" : "none")
            reader = nil
            self.manifest = manifest
            schemaVersion = upgraded.originalVersion
            presentSections = upgraded.presentSections
            legacyFindings = checked.report.findings
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

    func nextPayload() throws -> SectionPayload? {
        if let reader { return try reader.next() }
        return pending.popLast()
    }

    /// Listed sections the archive lacked (after the last payload).
    func missingSections() -> [ManifestSection] {
        reader?.missingSections ?? []
    }
}
