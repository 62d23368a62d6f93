import DomainModel
import Foundation
import JSONCore

/// The first entry of every archive backup (versions 3 and 4), `manifest.json`: what the file
/// is, who wrote it, and for each section and carried entry its path, record count, size and
/// SHA-256 (design §4).
public struct BackupManifest: Sendable, Equatable {
    /// The manifest's entry path.
    public static let entryPath = "manifest.json"
    /// The largest manifest accepted when reading.
    public static let maxSize = 1 << 20

    /// Always `DomainDigBackup`.
    public var format: String
    /// The backup schema version (independent of the store's).
    public var schemaVersion: Int
    /// When the backup was written, UTC.
    public var createdAt: Date
    /// The program that wrote it.
    public var producer: Producer
    /// The store schema version of the data: the shape its sections are in.
    public var storeSchemaVersion: Int
    /// The store schema version the store was read at, written by exports. Below
    /// `storeSchemaVersion` when the export upgraded the data on the way — in memory: export
    /// never writes to the store. Nil in backups that did not come from a store (an upgrade)
    /// or from builds before it was recorded.
    public var storeSchemaVersionRead: Int?
    /// The compression of the archive, for information (readers detect it from the bytes).
    public var compression: String
    /// One entry per section and carried entry, in archive order.
    public var sections: [ManifestSection]
    /// Sections the backup does not hold on purpose (version 4): an upgraded version 1 backup
    /// never had audits, so importing it leaves the store's alone. A section neither listed
    /// nor named here is missing, and the backup is refused.
    public var absentSections: [String]

    /// Who wrote a backup.
    public struct Producer: Sendable, Equatable {
        public var name: String
        public var version: String

        public init(name: String, version: String) {
            self.name = name
            self.version = version
        }

        /// This build.
        public static let current = Producer(name: ToolIdentity.name, version: ToolIdentity.version)
    }

    public init(
        format: String = DomainDigBackup.formatIdentifier, schemaVersion: Int = DomainDigBackup.currentSchemaVersion,
        createdAt: Date, producer: Producer = .current, storeSchemaVersion: Int, storeSchemaVersionRead: Int? = nil,
        compression: String, sections: [ManifestSection], absentSections: [String] = []
    ) {
        self.format = format
        self.schemaVersion = schemaVersion
        self.createdAt = createdAt
        self.producer = producer
        self.storeSchemaVersion = storeSchemaVersion
        self.storeSchemaVersionRead = storeSchemaVersionRead
        self.compression = compression
        self.sections = sections
        self.absentSections = absentSections
    }

    /// Records in the listed sections (not counting carried entries): what the backup holds.
    public var recordCount: Int {
        sections.reduce(0) { $0 + (BackupSection(entryPath: $1.path) == nil ? 0 : $1.records) }
    }

    /// Whether the data was upgraded from an older store version on the way out of the store.
    public var wasUpgradedOnExport: Bool {
        storeSchemaVersionRead.map { $0 < storeSchemaVersion } ?? false
    }

    /// The entry for `path`, if listed.
    public func section(atPath path: String) -> ManifestSection? {
        sections.first { $0.path == path }
    }

    /// The manifest's JSON text, pretty enough to read with `tar -xOf … manifest.json`.
    public func encoded() -> [UInt8] {
        var writer = JSONWriter(capacity: 2048)
        writer.object { writer in
            writer.field("format", format)
            writer.field("schemaVersion", schemaVersion)
            writer.field("createdAt", createdAt)
            writer.field("producer") { writer in
                writer.field("name", producer.name)
                writer.field("version", producer.version)
            }
            writer.field("storeSchemaVersion", storeSchemaVersion)
            writer.field("storeSchemaVersionRead", storeSchemaVersionRead)
            writer.field("compression", compression)
            writer.key("sections")
            writer.beginArray()
            for section in sections { section.encode(to: &writer) }
            writer.endArray()
            if !absentSections.isEmpty { writer.field("absentSections", absentSections) }
        }
        var bytes = writer.takeBytes()
        bytes.append(0x0A)
        return bytes
    }
}

/// A manifest's description of one section entry.
public struct ManifestSection: Sendable, Equatable {
    /// The section's name (`trackedDomains`).
    public var name: String
    /// The entry path in the archive (`sections/trackedDomains.json`).
    public var path: String
    /// Records in the section (array elements; 1 for an object, 0 for null).
    public var records: Int
    /// Bytes of the entry.
    public var bytes: Int64
    /// SHA-256 of the entry's bytes, lower-case hex.
    public var sha256: String

    func encode(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.field("name", name)
            writer.field("path", path)
            writer.field("records", records)
            writer.field("bytes", Int(bytes))
            writer.field("sha256", sha256)
        }
    }
}
