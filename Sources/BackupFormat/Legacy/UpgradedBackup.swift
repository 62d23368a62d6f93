import Cryptography
import Foundation
import JSONCore

/// An older backup brought to the current version in memory: what a current archive of it
/// holds. Only the sections the original held are here: a section its version never had
/// stays absent (`absentSections`), so importing the upgraded backup does exactly what
/// importing the original does, in either mode.
public struct UpgradedBackup: Sendable {
    /// The version the backup had.
    public var originalVersion: Int
    public var createdAt: Date
    public var producer: BackupManifest.Producer
    public var storeSchemaVersion: Int
    /// The current JSON of each section the original held, in archive order.
    public var sections: [(section: BackupSection, bytes: [UInt8])]

    public init(
        originalVersion: Int, createdAt: Date, producer: BackupManifest.Producer, storeSchemaVersion: Int,
        sections: [(section: BackupSection, bytes: [UInt8])]
    ) {
        self.originalVersion = originalVersion
        self.createdAt = createdAt
        self.producer = producer
        self.storeSchemaVersion = storeSchemaVersion
        self.sections = sections
    }

    /// The sections the original held. Importing in replace mode replaces only these.
    public var presentSections: Set<BackupSection> { Set(sections.map(\.section)) }

    /// The sections the original never had, in archive order.
    public var absentSections: [BackupSection] {
        let present = presentSections
        return BackupSection.allCases.filter { !present.contains($0) }
    }

    /// Records in a section's JSON: array elements, 1 for an object, 0 for null or unreadable.
    public static func recordCount(_ bytes: [UInt8]) -> Int {
        guard let document = try? JSONDocument(parsing: bytes) else { return 0 }
        switch document.root.kind {
        case .array: return document.root.count
        case .null: return 0
        default: return 1
        }
    }

    /// The manifest a current archive of this backup would carry (checksums computed here).
    public func manifest(compression: String) throws -> BackupManifest {
        let listings = try sections.map { section, bytes in
            ManifestSection(
                name: section.rawValue, path: section.entryPath, records: UpgradedBackup.recordCount(bytes),
                bytes: Int64(bytes.count), sha256: try SHA256Hasher.digest(of: bytes).hexString)
        }
        return BackupManifest(
            createdAt: createdAt, producer: producer, storeSchemaVersion: storeSchemaVersion,
            compression: compression, sections: listings, absentSections: absentSections.map(\.rawValue))
    }
}

/// Brings a legacy backup to the current version. Implemented by the migration layer
/// (`BackupUpgrader`) and handed to the validator and the import pipeline, so the format
/// layer stays below it.
public protocol BackupUpgrading: Sendable {
    /// The current-version sections of `document`.
    /// - Throws: when the document cannot be upgraded (it should have been validated first).
    func upgrade(_ document: LegacyBackupDocument) throws -> UpgradedBackup
}
