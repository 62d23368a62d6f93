import BackupFormat
import DataMigration
import DataPortability
import DataStore
import DomainModel
import Foundation
import JSONCore
import TestSupport
import Testing

/// Hand-made backups, stores and records for the import tests: small enough that every count
/// and every merged field can be checked by eye.
enum ImportFixtures {
    /// The tests' clock: 2026-01-02T00:00:00Z.
    static let now = Date(timeIntervalSince1970: 1_767_312_000)

    /// The UUID of the n-th test record: `00000000-0000-4000-8000-00000000000n`.
    static func id(_ number: Int) -> String { SampleIdentity.uuidText(decimal: number) }

    /// `text` as a date; the tests only write valid timestamps.
    static func date(_ text: String) -> Date {
        guard let date = Timestamp.parse(text) else { preconditionFailure("not a timestamp: \(text)") }
        return date
    }

    /// Each section of a backup of an empty store, as export writes it.
    static let emptySections: [BackupSection: String] = [
        .trackedDomains: "[]", .lookupHistory: "[]", .domainAudits: "[]", .domainWorkflows: "[]", .monitoringLogs: "[]",
        .monitoringSettings: String(decoding: MonitoringSettings.defaults.canonicalJSON, as: UTF8.self),
        .appSettings: String(decoding: AppSettings.defaults.canonicalJSON, as: UTF8.self),
        .entitlement: "null", .usageCredits: "null",
    ]

    /// Writes a v3 archive holding `sections` (JSON text) and, for the others, `emptySections`.
    static func writeBackup(_ sections: [BackupSection: String], to url: URL) throws {
        let writer = try BackupArchiveWriter(destination: .file(url), compression: .zstd, modificationTime: Date())
        for section in BackupSection.allCases {
            let bytes = Array((sections[section] ?? emptySections[section] ?? "null").utf8)
            try writer.addSection(section, bytes: ByteChunks(bytes), records: UpgradedBackup.recordCount(bytes))
        }
        _ = try writer.finish(createdAt: now, storeSchemaVersion: DataMigrationService.currentStoreSchemaVersion)
    }

    /// Writes `blobs` (JSON text) under their keys and stamps the store with `version` (nil: no stamp).
    static func seed(
        _ store: any KeyValueStore, _ blobs: [StorageKey: String],
        version: Int? = DataMigrationService.currentStoreSchemaVersion
    ) throws {
        try store.transaction { transaction in
            for (key, text) in blobs { try transaction.set(.data(Data(text.utf8)), forKey: key.rawValue) }
            if let version { try transaction.set(.integer(version), forKey: StorageKey.storeSchemaVersion.rawValue) }
        }
    }

    /// An importer on the tests' clock.
    static func importer(_ mode: ImportMode = .merge, dryRun: Bool = false, snapshot: Bool = true) -> BackupImporter {
        BackupImporter(
            mode: mode, isDryRun: dryRun, makesSafetySnapshot: snapshot, clock: StoreClock(fixedAt: now),
            migrations: DataMigrationService(now: { now }))
    }

    /// The records validation hands the section importer: an array's elements, an object, or
    /// nothing for `null`.
    static func values(_ json: String) throws -> [JSONValue] {
        let root = try JSONDocument(parsing: Array(json.utf8)).root
        switch root.kind {
        case .array: return Array(root.elements)
        case .null: return []
        default: return [root]
        }
    }

    /// The JSON text stored under `key`, if any.
    static func text(_ key: StorageKey, in store: any StoreReading) throws -> String? {
        guard case .data(let data)? = try store.value(forKey: key.rawValue) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// Every section of the backup at `url`, by section, with the bytes as written.
    static func sections(of url: URL) throws -> [BackupSection: [UInt8]] {
        try verifiedSections(of: url).sections
    }

    /// Exports `store` to `url` and returns its sections.
    @discardableResult
    static func export(_ store: any StoreReading, to url: URL) throws -> [BackupSection: [UInt8]] {
        _ = try BackupExporter(clock: StoreClock(fixedAt: now)).export(
            from: store, to: .file(url), storeSchemaVersion: DataMigrationService.currentStoreSchemaVersion)
        return try sections(of: url)
    }

    /// The names in `folder`, sorted.
    static func names(in folder: TemporaryDirectory) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    // MARK: Records

    /// A tracked domain; `fields` adds JSON fields (`"tags":["a"]`).
    static func tracked(
        _ number: Int, _ domain: String, addedAt: String = "2025-01-01T00:00:00Z", _ fields: String = ""
    ) -> String {
        #"{"id":"\#(id(number))","domain":"\#(domain)","addedAt":"\#(addedAt)"\#(fields.isEmpty ? "" : ",")\#(fields)}"#
    }

    /// A lookup snapshot of `domain`.
    static func snapshot(_ number: Int, _ domain: String, _ fields: String = "") -> String {
        #"{"id":"\#(id(number))","domain":"\#(domain)","capturedAt":"2025-03-01T00:00:00Z"\#(fields.isEmpty ? "" : ",")\#(fields)}"#
    }

    /// An audit session of `domain`.
    static func audit(_ number: Int, _ domain: String, _ fields: String = "") -> String {
        #"{"id":"\#(id(number))","domain":"\#(domain)","startedAt":"2025-03-01T00:00:00Z"\#(fields.isEmpty ? "" : ",")\#(fields)}"#
    }

    /// A workflow named `name`.
    static func workflow(_ number: Int, _ name: String, _ fields: String = "") -> String {
        #"{"id":"\#(id(number))","name":"\#(name)","createdAt":"2025-01-01T00:00:00Z"\#(fields.isEmpty ? "" : ",")\#(fields)}"#
    }

    /// A monitoring log entry about `domain`.
    static func log(_ number: Int, _ domain: String, _ fields: String = "") -> String {
        #"{"id":"\#(id(number))","domain":"\#(domain)","checkedAt":"2025-03-01T00:00:00Z"\#(fields.isEmpty ? "" : ",")\#(fields)}"#
    }

    /// A ledger entry of `amount` credits.
    static func entry(_ number: Int, _ amount: Int) -> String {
        #"{"id":"\#(id(number))","at":"2025-02-01T00:00:00Z","amount":\#(amount),"kind":"grant"}"#
    }

    /// A cached entitlement verified at `verifiedAt`.
    static func entitlement(_ tier: String, verifiedAt: String) -> String {
        #"{"productId":"com.domaindig.\#(tier)","tier":"\#(tier)","verifiedAt":"\#(verifiedAt)"}"#
    }
}
