import DomainModel
import Foundation
import JSONCore

/// Backup version 1 → 2.
///
/// Version 1 (DomainDig 1.x, plain JSON): `version`, `exportedAt` (epoch seconds), `app`,
/// `domains` (`name`, `added` epoch, `note`, `tags`, `favorite`), `history` (`uuid`,
/// `domain`, `date` epoch, `dns` as a type → values map, `whois` with `registrar`,
/// `created`/`expires` epochs, `nameservers`) and `settings` (`resolver`, `density`,
/// `recent`, `saved`). Version 2 renamed and reshaped these fields (ISO timestamps, record
/// ids, `dns.answers`) and added audits, workflows, monitoring, the entitlement and credits —
/// which a version 1 backup never had, so they stay absent here, and so does any of its own
/// three lists the document lacks.
enum BackupV1ToV2 {
    static func upgrade(_ document: JSONDocument) throws -> JSONDocument {
        let root = document.root
        var writer = JSONWriter(capacity: document.source.count + document.source.count / 4)
        writer.beginObject()
        writer.field("schemaVersion", 2)
        writer.key("createdAt")
        if let exported = root["exportedAt"] { UpgradeSupport.writeEpoch(exported, to: &writer) } else { writer.null() }
        writer.field("producer", root["app"]?.string ?? "DomainDig 1")
        writer.field("storeSchemaVersion", 0)
        if let domains = root["domains"] {
            writer.key("trackedDomains")
            writer.beginArray()
            for domain in domains.elements { writeTrackedDomain(domain, to: &writer) }
            writer.endArray()
        }
        if let history = root["history"] {
            writer.key("lookups")
            writer.beginArray()
            for entry in history.elements { writeLookup(entry, to: &writer) }
            writer.endArray()
        }
        if let settings = root["settings"] {
            writer.key("settings")
            writer.beginObject()
            let renamed = [
                "resolver": "resolverURL", "density": "displayDensity", "recent": "recentSearches",
                "saved": "savedDomains",
            ]
            UpgradeSupport.copyFields(of: settings, except: [], renaming: renamed, to: &writer)
            writer.endObject()
        }
        writer.endObject()
        return try UpgradeSupport.reparse(writer.bytes, step: "version 1 to 2")
    }

    static func writeTrackedDomain(_ domain: JSONValue, to writer: inout JSONWriter) {
        guard domain.kind == .object else { return writer.value(domain) }
        writer.beginObject()
        writer.key("id")
        writer.recordID(derivedID("tracked:" + DomainName.canonical(domain["name"]?.string ?? "")))
        if let name = domain["name"] {
            writer.key("domain")
            writer.value(name)
        }
        if let added = domain["added"] {
            writer.key("addedAt")
            UpgradeSupport.writeEpoch(added, to: &writer)
        }
        UpgradeSupport.copyFields(of: domain, except: ["name", "added"], renaming: ["note": "notes"], to: &writer)
        writer.endObject()
    }

    static func writeLookup(_ entry: JSONValue, to writer: inout JSONWriter) {
        guard entry.kind == .object else { return writer.value(entry) }
        writer.beginObject()
        if let id = entry["uuid"] {
            writer.key("id")
            writer.value(id)
        }
        if let date = entry["date"] {
            writer.key("capturedAt")
            UpgradeSupport.writeEpoch(date, to: &writer)
        }
        if let dns = entry["dns"] {
            writer.key("dns")
            writer.beginObject()
            writer.key("answers")
            writer.value(dns)
            writer.endObject()
        }
        if let whois = entry["whois"], whois.kind == .object {
            writer.key("whois")
            writer.beginObject()
            writer.field("source", "whois")
            for field in whois.fields {
                switch field.key {
                case "created":
                    writer.key("createdAt")
                    UpgradeSupport.writeEpoch(field.value, to: &writer)
                case "expires":
                    writer.key("expiresAt")
                    UpgradeSupport.writeEpoch(field.value, to: &writer)
                case "nameservers":
                    writer.key("nameServers")
                    writer.value(field.value)
                default:
                    writer.key(field.key)
                    writer.value(field.value)
                }
            }
            writer.endObject()
        }
        UpgradeSupport.copyFields(of: entry, except: ["uuid", "date", "dns", "whois"], to: &writer)
        writer.endObject()
    }

    /// A stable UUID for records version 1 had no id for.
    static func derivedID(_ material: String) -> UUID {
        LegacyLedgerReshaper.stableID(Array(material.utf8))
    }
}
