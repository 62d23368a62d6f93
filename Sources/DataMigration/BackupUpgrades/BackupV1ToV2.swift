import DomainModel
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
        writer.object { writer in
            writer.field("schemaVersion", 2)
            writer.key("createdAt")
            UpgradeSupport.writeEpoch(root["exportedAt"], to: &writer)
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
                writer.field("settings") { writer in
                    let renamed = [
                        "resolver": "resolverURL", "density": "displayDensity", "recent": "recentSearches",
                        "saved": "savedDomains",
                    ]
                    UpgradeSupport.copyFields(of: settings, except: [], renaming: renamed, to: &writer)
                }
            }
        }
        return try UpgradeSupport.reparse(writer.takeBytes(), step: "version 1 to 2")
    }

    static func writeTrackedDomain(_ domain: JSONValue, to writer: inout JSONWriter) {
        guard domain.kind == .object else { return writer.value(domain) }
        writer.object { writer in
            // Version 1 had no ids: a stable one, derived from the domain.
            let material = "tracked:" + DomainName.canonical(domain["name"]?.string ?? "")
            writer.field("id", LegacyLedgerReshaper.stableID(Array(material.utf8)))
            writer.field("domain", copying: domain["name"])
            writer.field("addedAt", epoch: domain["added"])
            UpgradeSupport.copyFields(of: domain, except: ["name", "added"], renaming: ["note": "notes"], to: &writer)
        }
    }

    static func writeLookup(_ entry: JSONValue, to writer: inout JSONWriter) {
        guard entry.kind == .object else { return writer.value(entry) }
        writer.object { writer in
            writer.field("id", copying: entry["uuid"])
            writer.field("capturedAt", epoch: entry["date"])
            if let dns = entry["dns"] {
                writer.field("dns") { writer in writer.field("answers", copying: dns) }
            }
            if let whois = entry["whois"], whois.kind == .object {
                writer.field("whois") { writer in
                    writer.field("source", "whois")
                    for field in whois.fields {
                        switch field.key {
                        case "created": writer.field("createdAt", epoch: field.value)
                        case "expires": writer.field("expiresAt", epoch: field.value)
                        default:
                            writer.key(field.key == "nameservers" ? "nameServers" : field.key)
                            writer.value(field.value)
                        }
                    }
                }
            }
            UpgradeSupport.copyFields(of: entry, except: ["uuid", "date", "dns", "whois"], to: &writer)
        }
    }
}
