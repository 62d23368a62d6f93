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
        for section in BackupSection.allCases where source(of: section, in: root) != nil {
            writer.removeAll()
            try write(section, from: root, to: &writer)
            sections.append((section, writer.bytes))
        }
        return UpgradedBackup(
            originalVersion: originalVersion, createdAt: createdAt,
            producer: BackupManifest.Producer(name: producerName, version: ""),
            storeSchemaVersion: root["storeSchemaVersion"]?.int ?? 0, sections: sections)
    }

    /// The version 2 value a section is made from; nil when the document does not have it, and
    /// the section stays absent.
    static func source(of section: BackupSection, in root: JSONValue) -> JSONValue? {
        switch section {
        case .trackedDomains: root["trackedDomains"]
        case .lookupHistory: root["lookups"]
        case .domainAudits: root["audits"]
        case .domainWorkflows: root["workflows"]
        case .monitoringSettings: root["monitoring"]?["settings"]
        case .monitoringLogs: root["monitoring"]?["logs"]
        case .appSettings: root["settings"]
        case .entitlement: root["entitlement"]
        case .usageCredits: root["credits"]
        }
    }

    static func write(_ section: BackupSection, from root: JSONValue, to writer: inout JSONWriter) throws {
        switch section {
        case .trackedDomains:
            writeArray(root["trackedDomains"], to: &writer) { domain, writer in
                writer.object { writer in
                    UpgradeSupport.copyFields(of: domain, except: [], renaming: ["favorite": "isFavorite"], to: &writer)
                }
            }
        case .lookupHistory:
            writeArray(root["lookups"], to: &writer) { lookup, writer in
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
        case .domainAudits:
            writeArray(root["audits"], to: &writer) { audit, writer in writer.value(audit) }
        case .domainWorkflows:
            writeArray(root["workflows"], to: &writer) { workflow, writer in writer.value(workflow) }
        case .monitoringSettings:
            guard let settings = root["monitoring"]?["settings"], settings.kind == .object else {
                return MonitoringSettings.defaults.encode(to: &writer)
            }
            writer.object { writer in
                if let seconds = settings["intervalSeconds"], let value = seconds.double, value.isFinite {
                    // Clamped while still a Double: any input number converts without overflow.
                    let range = MonitoringSettings.intervalRange
                    let minutes = min(max((value / 60).rounded(), Double(range.lowerBound)), Double(range.upperBound))
                    writer.field("intervalMinutes", Int(minutes))
                } else {
                    writer.field("intervalMinutes", copying: settings["intervalSeconds"])
                }
                UpgradeSupport.copyFields(of: settings, except: ["intervalSeconds"], to: &writer)
            }
        case .monitoringLogs:
            writeArray(root["monitoring"]?["logs"], to: &writer) { entry, writer in writer.value(entry) }
        case .appSettings:
            guard let settings = root["settings"], settings.kind == .object else {
                return AppSettings.defaults.encode(to: &writer)
            }
            writer.value(settings)
        case .entitlement:
            if let entitlement = root["entitlement"] { writer.value(entitlement) } else { writer.null() }
        case .usageCredits:
            guard let credits = root["credits"], credits.kind == .array, credits.count > 0 else {
                return writer.null()
            }
            var compact = JSONWriter(capacity: 4096)
            compact.value(credits)
            guard let ledger = LegacyLedgerReshaper.reshape(compact.bytes) else { return writer.null() }
            let reparsed = try UpgradeSupport.reparse(ledger.bytes, step: "credits")
            writer.value(reparsed.root)
        }
    }

    /// Writes an array section; a missing or non-array value is written as it is (the
    /// validator reports a wrong shape) or as `[]` when absent.
    static func writeArray(
        _ value: JSONValue?, to writer: inout JSONWriter, element: (JSONValue, inout JSONWriter) -> Void
    ) {
        guard let value else { return writer.strings([]) } // absent: an empty list
        guard value.kind == .array else { return writer.value(value) }
        writer.beginArray()
        for item in value.elements {
            if item.kind == .object { element(item, &writer) } else { writer.value(item) }
        }
        writer.endArray()
    }
}
