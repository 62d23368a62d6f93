import BackupFormat
import DomainModel

/// Backup version 3 → 4, for archives.
///
/// Version 4 changed what a backup can hold beside its sections — carried store keys and
/// unreadable records (`CarriedEntry`), sections named absent in the manifest — not the
/// sections themselves, whose records keep their shape (fields a version does not know were
/// allowed in version 3 too; version 4 keeps them). So a version 3 archive becomes a
/// version 4 one by copying each verified section under a version 4 manifest: it holds every
/// section and carries nothing. A version 4 archive is copied the same way, carried entries
/// and absent sections included (which changes only its compression).
public enum BackupV3ToV4 {
    /// Copies every entry of `reader` (verified against its manifest first) into `writer`.
    /// - Returns: the sections the backup does not hold on purpose, and those its version
    ///   predates (`SectionEntry.since`), for the new manifest.
    /// - Throws: `BackupFormatError` for an entry that fails its check, or an archive that is
    ///   damaged; the writer is then to be abandoned.
    public static func copy(_ reader: BackupArchiveReader, into writer: BackupArchiveWriter) throws -> [BackupSection] {
        while let payload = try reader.nextSection() {
            if let failure = payload.failure(archive: reader.archiveName) { throw failure }
            guard let bytes = payload.bytes, let listing = payload.listing else { continue }
            if let entry = payload.carried {
                try writer.addCarried(entry, bytes: bytes, records: listing.records)
            } else {
                try writer.addEntry(
                    name: listing.name, path: listing.path, bytes: ByteChunks(bytes), records: listing.records)
            }
        }
        if let missing = reader.missingSections.first {
            throw BackupFormatError.missingSection(archive: reader.archiveName, path: missing.path)
        }
        return reader.manifest.absentSections.compactMap(BackupSection.init(rawValue:))
            + BackupSection.allCases.filter { $0.entry.since > reader.manifest.schemaVersion }
    }
}
