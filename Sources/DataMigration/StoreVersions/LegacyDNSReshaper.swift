import DomainModel
import JSONCore

/// Rewrites lookup snapshots from the DNS shape of store versions 0–2 to version 3.
///
/// Before: `"dns": {"resolver": …, "responseTimeMs": …, "ttl": 300, "answers": {"A": ["93.184.216.34"],
/// "MX": ["10 mx1.example.com"]}}` — one TTL for all answers, MX/SRV preference inside the text.
/// After: `"dns": {"resolver": …, "responseTimeMs": …, "records": [{"type": "A", "name": …,
/// "value": "93.184.216.34", "ttl": 300}, {"type": "MX", …, "value": "mx1.example.com",
/// "priority": 10}]}`. A version 2 reader would read the new shape as a snapshot without
/// answers, and today's reader would read the old one the same way: hence a migration.
/// Every other field is copied byte for byte.
enum LegacyDNSReshaper {
    /// Reshapes every legacy snapshot in a `lookupHistory` array.
    /// - Returns: the new array and the number reshaped, or nil when none needed it or the
    ///   blob is not a readable JSON array. An unreadable blob is left as it is, as version 1
    ///   leaves unreadable domain lists: the loaders skip and report it, and one damaged key
    ///   must not stop the store from ever reaching the current version (and so from being
    ///   exported at all).
    static func reshape(_ blob: [UInt8]) -> (bytes: [UInt8], count: Int)? {
        var writer = JSONWriter(capacity: blob.count + blob.count / 4)
        var reshaped = 0
        writer.beginArray()
        do {
            try JSONArrayStream.forEachElement(in: blob) { _, element in
                guard let dns = element["dns"], isLegacy(dns) else {
                    writer.raw(element)
                    return
                }
                reshaped += 1
                writer.object { writer in
                    for field in element.fields {
                        writer.key(field.key)
                        if field.key == "dns" {
                            writeRecords(from: dns, domain: element["domain"]?.string ?? "", to: &writer)
                        } else {
                            writer.raw(field.value)
                        }
                    }
                }
            }
        } catch {
            return nil
        }
        writer.endArray()
        return reshaped == 0 ? nil : (writer.takeBytes(), reshaped)
    }

    /// A legacy DNS result has `answers` and no `records`.
    static func isLegacy(_ dns: JSONValue) -> Bool {
        dns.kind == .object && dns["records"] == nil && dns["answers"]?.kind == .object
    }

    static func writeRecords(from dns: JSONValue, domain: String, to writer: inout JSONWriter) {
        let ttl = dns["ttl"]?.int.map { min(max($0, 0), DNSRecord.maxTTL) } ?? 0
        let name = DomainName.canonical(domain)
        writer.object { writer in
            for field in dns.fields where field.key != "answers" && field.key != "ttl" {
                writer.key(field.key)
                writer.raw(field.value)
            }
            writer.key("records")
            writer.beginArray()
            for answer in dns["answers"]?.fields ?? .empty {
                let type = answer.key.uppercased()
                let values = answer.value.kind == .array ? Array(answer.value.elements) : [answer.value]
                for value in values {
                    guard let text = value.string else { continue }
                    var data = text
                    var priority: Int?
                    if type == "MX" || type == "SRV", let space = text.firstIndex(of: " "),
                        let number = Int(text[..<space])
                    {
                        priority = number
                        data = String(text[text.index(after: space)...])
                    }
                    writer.object { writer in
                        writer.field("type", type)
                        writer.field("name", name)
                        writer.field("value", data)
                        writer.field("ttl", ttl)
                        writer.field("priority", priority)
                    }
                }
            }
            writer.endArray()
        }
    }
}
