import Cryptography
import DomainModel
import JSONCore

extension BackupManifest {
    /// Reads a manifest, strictly: a manifest that cannot be trusted makes the whole backup
    /// untrustworthy.
    ///
    /// The format and schema version are checked first, so a backup from a newer build is
    /// reported as such even when the rest of its manifest has a shape this build does not know;
    /// a key repeated anywhere in the manifest is refused before that.
    /// - Throws: `BackupFormatError.newerSchemaVersion` or `.invalidManifest`.
    public static func decode(_ bytes: [UInt8], archive: String, options: JSONParseOptions = .default) throws
        -> BackupManifest
    {
        func invalid(_ reason: String) -> BackupFormatError {
            .invalidManifest(archive: archive, reason: reason)
        }
        let document: JSONDocument
        do {
            document = try JSONDocument(parsing: bytes, options: options)
        } catch {
            throw invalid("it is not valid JSON (\(error))")
        }
        let root = document.root
        guard root.kind == .object else { throw invalid("it must be a JSON object") }
        // One file, one reading: this decoder would take a repeated key's first value, while
        // Python and jq — which the documentation suggests for checking a backup by hand —
        // take the last.
        if let repeated = root.firstRepeatedKey() {
            throw invalid(
                "the key \"\(repeated.key)\" appears more than once in \(repeated.path), so readers disagree on its value"
            )
        }
        guard let format = root["format"]?.string, format == DomainDigBackup.formatIdentifier else {
            throw invalid("its \"format\" must be \"\(DomainDigBackup.formatIdentifier)\"")
        }
        guard let schemaVersion = root["schemaVersion"]?.int, schemaVersion >= 1 else {
            throw invalid("its \"schemaVersion\" must be a positive integer")
        }
        if schemaVersion > DomainDigBackup.currentSchemaVersion {
            throw BackupFormatError.newerSchemaVersion(
                archive: archive, found: schemaVersion,
                supported: DomainDigBackup.currentSchemaVersion)
        }
        guard schemaVersion >= DomainDigBackup.firstArchiveSchemaVersion else {
            throw invalid("schema version \(schemaVersion) backups are single JSON documents, not tar archives")
        }
        guard let createdAtText = root["createdAt"]?.string, let createdAt = Timestamp.parse(createdAtText) else {
            throw invalid("its \"createdAt\" must be an ISO 8601 timestamp")
        }
        guard let producer = root["producer"], let name = producer["name"]?.string,
            let version = producer["version"]?.string
        else {
            throw invalid("its \"producer\" must be an object with a \"name\" and a \"version\"")
        }
        guard let storeSchemaVersion = root["storeSchemaVersion"]?.int, storeSchemaVersion >= 0 else {
            throw invalid("its \"storeSchemaVersion\" must be an integer")
        }
        var storeSchemaVersionRead: Int?
        if let read = root["storeSchemaVersionRead"] {
            guard let version = read.int, version >= 0 else {
                throw invalid("its \"storeSchemaVersionRead\" must be an integer")
            }
            storeSchemaVersionRead = version
        }
        let compression = root["compression"]?.string ?? "unknown"
        guard let sectionList = root["sections"], sectionList.kind == .array else {
            throw invalid("its \"sections\" must be an array")
        }
        var seenPaths = Set<String>()
        let sections = try sectionList.elements.enumerated().map { index, entry in
            guard let name = entry["name"]?.string, !name.isEmpty,
                let path = entry["path"]?.string, !path.isEmpty,
                let records = entry["records"]?.int, records >= 0,
                let size = entry["bytes"]?.int, size >= 0,
                let sha256 = entry["sha256"]?.string, SHA256Digest(hexString: sha256) != nil
            else {
                throw invalid(
                    "sections[\(index)] must have a name, a path, records and bytes (non-negative integers) and a 64-digit hexadecimal sha256"
                )
            }
            guard path != BackupManifest.entryPath, seenPaths.insert(path).inserted else {
                throw invalid("sections[\(index)] repeats the path \"\(path)\"")
            }
            return ManifestSection(
                name: name, path: path, records: records, bytes: Int64(size), sha256: sha256.lowercased())
        }
        var absentSections: [String] = []
        if let absent = root["absentSections"] {
            guard absent.kind == .array, absent.elements.allSatisfy({ $0.string?.isEmpty == false }) else {
                throw invalid("its \"absentSections\" must be an array of section names")
            }
            absentSections = absent.elements.compactMap(\.string)
            guard Set(absentSections).count == absentSections.count else {
                throw invalid("its \"absentSections\" names a section twice")
            }
        }
        return BackupManifest(
            format: format, schemaVersion: schemaVersion, createdAt: createdAt,
            producer: Producer(name: name, version: version), storeSchemaVersion: storeSchemaVersion,
            storeSchemaVersionRead: storeSchemaVersionRead, compression: compression, sections: sections,
            absentSections: absentSections)
    }
}
