import BackupFormat
import DomainModel
import Foundation
import JSONCore

/// Brings older backups to the current version, one step at a time (v1 → v2 → v3 → v4),
/// as JSON: fields are renamed and reshaped, never dropped, so what the validator then
/// checks is everything the old file held; and a section an old version never had is never
/// invented (it stays absent, so importing the upgraded backup leaves the store's alone, as
/// importing the original does).
///
/// The single-document versions go through `upgrade(_:)`. A version 3 archive is already in
/// the current shape section by section; `BackupV3ToV4` copies it into a version 4 archive.
public struct BackupUpgrader: BackupUpgrading {
    public init() {}

    public func upgrade(_ legacy: LegacyBackupDocument) throws -> UpgradedBackup {
        let document = legacy.schemaVersion == 1 ? try BackupV1ToV2.upgrade(legacy.document) : legacy.document
        // Version 3 sections are version 4 sections: a document carries nothing, and its
        // absent sections are those v2 → v3 did not write.
        return try BackupV2ToV3.upgrade(document, originalVersion: legacy.schemaVersion)
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
    /// validation then reports it rather than a date quietly moved); `null` when absent.
    static func writeEpoch(_ value: JSONValue?, to writer: inout JSONWriter) {
        if let seconds = value?.double, Timestamp.representableRange.contains(seconds) {
            writer.timestamp(Date(timeIntervalSince1970: seconds))
        } else if let value {
            writer.value(value)
        } else {
            writer.null()
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
