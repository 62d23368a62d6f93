import Cryptography
import DomainModel
import Foundation
import JSONCore

/// Rewrites the usage-credit ledger from the bare array of store versions 0–2 to the
/// version 3 object.
///
/// Before: `[{"date": …, "delta": 5, "reason": "purchase", "memo": …}]`, the balance derived
/// by summing. After: `{"balance": 5, "entries": [{"id": …, "at": …, "amount": 5,
/// "kind": "purchase", "note": …}]}` — the balance stored because the server's figure is the
/// one that counts. An old reader would see an object where it expects an array and lose
/// the ledger. Entries without an id get one derived from their content, so re-running
/// gives the same ids.
enum LegacyLedgerReshaper {
    /// Legacy reasons and the entry kinds they became.
    static let kinds = [
        "purchase": "purchase", "bonus": "grant", "grant": "grant", "lookup": "spend", "spend": "spend",
        "refund": "refund", "expired": "expiry", "expiry": "expiry",
    ]

    /// Whether the stored ledger still has the legacy shape (a JSON array).
    static func isLegacy(_ blob: [UInt8]) -> Bool {
        blob.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) == UInt8(ascii: "[")
    }

    /// Reshapes a legacy ledger array into the version 3 object.
    /// - Returns: the object and the number of entries, or nil when the ledger is not the
    ///   legacy array or is not readable JSON — left as it is for the loaders to skip and
    ///   report, so one damaged key never keeps the store from the current version.
    ///   Elements that are not objects are kept verbatim among the entries (the loaders skip
    ///   them too), and so are an entry's fields the legacy shape did not have: a migration
    ///   never destroys data it does not understand.
    static func reshape(_ blob: [UInt8]) -> (bytes: [UInt8], count: Int)? {
        guard isLegacy(blob), let document = try? JSONDocument(parsing: blob) else { return nil }
        var balance = 0
        var writer = JSONWriter(capacity: blob.count + 64)
        var count = 0
        writer.beginObject()
        writer.key("entries")
        writer.beginArray()
        for (index, entry) in document.root.elements.enumerated() {
            guard entry.kind == .object else {
                writer.raw(entry)
                continue
            }
            let amount = entry["delta"]?.int ?? 0
            balance += amount
            count += 1
            writer.object { writer in
                writer.field("id", entry["id"]?.string.flatMap(RecordID.parse) ?? derivedID(index: index, entry: entry))
                writer.key("at")
                if let date = entry["date"] { writer.raw(date) } else { writer.null() }
                writer.field("amount", amount)
                let reason = entry["reason"]?.string ?? "adjustment"
                writer.field("kind", kinds[reason] ?? reason)
                var moved: Set<String> = ["id", "date", "delta", "reason"]
                for (legacy, name): (StaticString, StaticString) in [("memo", "note"), ("domain", "domain")] {
                    guard let text = entry[legacy], text.kind == .string else { continue }
                    writer.key(name)
                    writer.raw(text)
                    moved.insert(legacy.description)
                }
                // Fields the legacy shape did not have either: kept as they are, after the others.
                for field in entry.fields where moved.insert(field.key).inserted {
                    writer.key(field.key)
                    writer.raw(field.value)
                }
            }
        }
        writer.endArray()
        writer.endObject()
        // The balance goes first in the canonical layout; write it now that it is known.
        var output = Array("{\"balance\":\(balance),".utf8)
        output.append(contentsOf: writer.bytes.dropFirst())
        return (output, count)
    }

    /// A stable UUID from an entry's position and text.
    static func derivedID(index: Int, entry: JSONValue) -> UUID {
        var material = Array("ledger:\(index):".utf8)
        entry.withRawBytes { material.append(contentsOf: $0) }
        return stableID(material)
    }

    /// A UUID derived from `material` (SHA-256, RFC 9562 version 8 and variant bits set), so
    /// the same content always gets the same id.
    static func stableID(_ material: [UInt8]) -> UUID {
        let digest = (try? SHA256Hasher.digest(of: material))?.bytes ?? [UInt8](repeating: 0, count: 32)
        var bytes = Array(digest.prefix(16))
        bytes[6] = bytes[6] & 0x0F | 0x80
        bytes[8] = bytes[8] & 0x3F | 0x80
        // 16 bytes, the size of uuid_t, a tuple of bytes with no alignment of its own.
        return bytes.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
    }
}
