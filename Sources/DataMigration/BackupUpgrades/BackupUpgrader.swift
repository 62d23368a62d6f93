import BackupFormat
import DomainModel
import Foundation
import JSONCore

/// Brings version 1 and 2 backups to the current version, one step at a time
/// (v1 → v2 → v3), as JSON: fields are renamed and reshaped, never dropped, so what the
/// validator then checks is everything the old file held.
public struct BackupUpgrader: BackupUpgrading {
    public init() {}

    public func upgrade(_ legacy: LegacyBackupDocument) throws -> UpgradedBackup {
        var document = legacy.document
        if legacy.schemaVersion == 1 {
            document = try BackupV1ToV2.upgrade(document)
        }
        var upgraded = try BackupV2ToV3.upgrade(document, originalVersion: legacy.schemaVersion)
        upgraded.presentSections = BackupUpgrader.presentSections(
            in: legacy.document.root, version: legacy.schemaVersion)
        return upgraded
    }

    /// The current sections an old document actually held.
    static func presentSections(in root: JSONValue, version: Int) -> Set<BackupSection> {
        let origins: [(BackupSection, JSONValue?)] =
            version == 1
            ? [(.trackedDomains, root["domains"]), (.lookupHistory, root["history"]), (.appSettings, root["settings"])]
            : [
                (.trackedDomains, root["trackedDomains"]), (.lookupHistory, root["lookups"]),
                (.domainAudits, root["audits"]),
                (.domainWorkflows, root["workflows"]), (.monitoringSettings, root["monitoring"]?["settings"]),
                (.monitoringLogs, root["monitoring"]?["logs"]), (.appSettings, root["settings"]),
                (.entitlement, root["entitlement"]), (.usageCredits, root["credits"]),
            ]
        return Set(origins.compactMap { section, value in value == nil ? nil : section })
    }
}

/// Shared pieces of the upgrade steps.
enum UpgradeSupport {
    /// Writes every field of `object` compactly except those in `handled`, which the caller writes.
    static func copyFields(
        of object: JSONValue, except handled: Set<String>, renaming: [String: String] = [:],
        to writer: inout JSONWriter
    ) {
        for field in object.fields where !handled.contains(field.key) {
            writer.key(renaming[field.key] ?? field.key)
            writer.value(field.value)
        }
    }

    /// An epoch-seconds number as a canonical timestamp, or the value unchanged when it is not
    /// a number or lies outside the years a timestamp can express (the current version's
    /// validation then reports it rather than a date quietly moved).
    static func writeEpoch(_ value: JSONValue, to writer: inout JSONWriter) {
        if let seconds = value.double, Timestamp.representableRange.contains(seconds) {
            writer.timestamp(Date(timeIntervalSince1970: seconds))
        } else {
            writer.value(value)
        }
    }

    /// Parses text the upgrade itself wrote.
    static func reparse(_ bytes: [UInt8], step: String) throws -> JSONDocument {
        do {
            return try JSONDocument(parsing: bytes)
        } catch {
            throw MigrationError.transformationFailed("the \(step) upgrade produced invalid JSON (\(error))")
        }
    }
}
