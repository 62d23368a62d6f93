import JSONCore

/// A version 1 or 2 backup: one JSON document (plain for v1, gzip-compressed for v2).
public struct LegacyBackupDocument: Sendable {
    /// The backup schema version the document declares.
    public var schemaVersion: Int
    public var document: JSONDocument
    /// The file's name in messages.
    public var file: String

    /// The versions this build reads as single documents.
    public static let supportedVersions = 1...2

    /// Reads the declared version: v1 documents say `"version": 1`, later ones `"schemaVersion": N`.
    /// - Throws: `BackupFormatError.newerSchemaVersion` for a version above the current one,
    ///   `.invalidLegacyDocument` when no version can be read or a v3 is not an archive.
    public init(document: JSONDocument, file: String) throws {
        func invalid(_ reason: String) -> BackupFormatError { .invalidLegacyDocument(archive: file, reason: reason) }
        let root = document.root
        guard root.kind == .object else { throw invalid("its top level must be a JSON object") }
        let declared = root["schemaVersion"] ?? root["version"]
        guard let version = declared?.int, version >= 1 else {
            throw invalid("it declares no backup version (\"schemaVersion\", or \"version\" in version 1)")
        }
        if version > DomainDigBackup.currentSchemaVersion {
            throw BackupFormatError.newerSchemaVersion(
                archive: file, found: version, supported: DomainDigBackup.currentSchemaVersion)
        }
        guard LegacyBackupDocument.supportedVersions.contains(version) else {
            throw invalid("version \(version) backups are tar archives, but this file is a single JSON document")
        }
        self.schemaVersion = version
        self.document = document
        self.file = file
    }
}

extension BackupFile {
    /// Reads a single-document backup (plain JSON, or gzip-compressed JSON) within the limits.
    /// - Throws: `BackupFormatError` when the file is not one, is too large, is not valid
    ///   JSON, or declares an unreadable or newer version.
    public func readLegacyDocument(limits: BackupReadLimits = .default) throws -> LegacyBackupDocument {
        let bytes: [UInt8]
        switch encoding {
        case .plainJSON:
            bytes = try readContent(limit: limits.archive.maxEntrySize)
        case .gzipJSON:
            let stream = try CompressedStreamReader(source: contentInput(), name: name, limits: limits.archive)
            bytes = try CompressedDocumentReader(stream: stream).readAll()
        case .tar, .unknown:
            throw BackupFormatError.invalidLegacyDocument(archive: name, reason: "it is not a single JSON document")
        }
        readProgress?(ByteProgress(completed: contentSize, total: contentSize))
        let document: JSONDocument
        do {
            document = try JSONDocument(parsing: bytes, options: limits.json)
        } catch {
            throw BackupFormatError.invalidLegacyDocument(archive: name, reason: "it is not valid JSON (\(error))")
        }
        return try LegacyBackupDocument(document: document, file: name)
    }
}
