import BackupFormat
import DomainModel
import Foundation
import JSONCore

/// Backup version 2 → 3: the single document becomes one JSON entry per section.
///
/// Version 2 (DomainDig 2.x, gzip JSON) differs from 3 in: `favorite` → `isFavorite` on
/// tracked domains; `lookups` → `lookupHistory`, whose `whois` → `registration` and whose
/// DNS answers were a type → values map (`dns.answers`, one `ttl`) → typed `dns.records`;
/// `audits`/`workflows` → `domainAudits`/`domainWorkflows`; `monitoring.settings` counted
/// `intervalSeconds` → `intervalMinutes`; `monitoring.logs` → `monitoringLogs`; `settings` →
/// `appSettings`; `credits`, a bare array of `{date, delta, reason, memo}` → `usageCredits`,
/// an object with a stored balance.
enum BackupV2ToV3 {
    static func upgrade(_ document: JSONDocument, originalVersion: Int) throws -> UpgradedBackup {
        let root = document.root
        let createdAt = root["createdAt"]?.string.flatMap(Timestamp.parse) ?? Date(timeIntervalSince1970: 0)
        let producerName = root["producer"]?.string ?? "DomainDig"
        var sections: [(section: BackupSection, bytes: [UInt8])] = []
        var writer = JSONWriter(capacity: document.source.count)
        for section in BackupSection.allCases {
            // Where version 2 kept the section (`SectionEntry.version2Path`); absent there, absent here.
            guard let value = section.entry.version2Path?.reduce(root, { $0?[$1] }) else { continue }
            writer.removeAll()
            try write(section, value, to: &writer)
            sections.append((section, writer.bytes))
        }
        return UpgradedBackup(
            originalVersion: originalVersion, createdAt: createdAt,
            producer: BackupManifest.Producer(name: producerName, version: ""),
            storeSchemaVersion: root["storeSchemaVersion"]?.int ?? 0, sections: sections)
    }

    /// Writes `value`, the version 2 form of `section`: the sections whose records changed
    /// are rewritten here; the others are copied as they are, by their shape.
    static func write(_ section: BackupSection, _ value: JSONValue, to writer: inout JSONWriter) throws {
        switch section {
        case .trackedDomains:
            writeArray(value, to: &writer) { domain, writer in
                writer.object { writer in
                    UpgradeSupport.copyFields(of: domain, except: [], renaming: ["favorite": "isFavorite"], to: &writer)
                }
            }
        case .lookupHistory:
            writeArray(value, to: &writer) { lookup, writer in
                writer.object { writer in
                    for field in lookup.fields {
                        if field.key == "dns", LegacyDNSReshaper.isLegacy(field.value) {
                            writer.key("dns")
                            LegacyDNSReshaper.writeRecords(
                                from: field.value, domain: lookup["domain"]?.string ?? "", to: &writer)
                        } else {
                            writer.key(field.key == "whois" ? "registration" : field.key)
                            writer.value(field.value)
                        }
                    }
                }
            }
        case .monitoringSettings where value.kind == .object:
            writer.object { writer in
                if let seconds = value["intervalSeconds"], let number = seconds.double, number.isFinite {
                    // Clamped while still a Double: any input number converts without overflow.
                    let range = MonitoringSettings.intervalRange
                    let minutes = min(max((number / 60).rounded(), Double(range.lowerBound)), Double(range.upperBound))
                    writer.field("intervalMinutes", Int(minutes))
                } else {
                    writer.field("intervalMinutes", copying: value["intervalSeconds"])
                }
                UpgradeSupport.copyFields(of: value, except: ["intervalSeconds"], to: &writer)
            }
        case .usageCredits:
            guard value.kind == .array, value.count > 0 else { return writer.null() }
            var compact = JSONWriter(capacity: 4096)
            compact.value(value)
            guard let ledger = LegacyLedgerReshaper.reshape(compact.bytes) else { return writer.null() }
            let reparsed = try UpgradeSupport.reparse(ledger.bytes, step: "credits")
            writer.value(reparsed.root)
        default:
            switch section.entry.records {
            case .array: writeArray(value, to: &writer) { element, writer in writer.value(element) }
            case .object(let defaults), .composite(let defaults):
                if value.kind == .object { writer.value(value) } else { defaults.encode(to: &writer) }
            case .optionalObject: writer.value(value)
            }
        }
    }

    /// Writes an array section; a non-array value is written as it is (the validator reports a
    /// wrong shape).
    static func writeArray(
        _ value: JSONValue, to writer: inout JSONWriter, element: (JSONValue, inout JSONWriter) -> Void
    ) {
        guard value.kind == .array else { return writer.value(value) }
        writer.beginArray()
        for item in value.elements {
            if item.kind == .object { element(item, &writer) } else { writer.value(item) }
        }
        writer.endArray()
    }
}
