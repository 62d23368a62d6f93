import DataPortability
import DomainModel
import JSONCore

/// How a store inventory is printed.
enum StoreInventoryText {
    /// An aligned table: key, records, bytes.
    static func table(_ inventory: StoreInventory) -> String {
        let width = max(24, inventory.entries.map(\.key.count).max() ?? 0)
        var lines = ["  " + "key".padding(toLength: width, withPad: " ", startingAt: 0) + "   records        bytes"]
        for entry in inventory.entries {
            let records = entry.records.map(String.init) ?? (entry.kind == "data" ? "?" : "-")
            lines.append(
                "  " + entry.key.padding(toLength: width, withPad: " ", startingAt: 0)
                    + records.leftPadded(to: 10) + String(entry.bytes).leftPadded(to: 13))
        }
        lines.append(
            "  " + "total".padding(toLength: width, withPad: " ", startingAt: 0)
                + "".leftPadded(to: 10) + String(inventory.totalBytes).leftPadded(to: 13))
        return lines.joined(separator: "\n")
    }

    /// The inventory as a JSON array of key entries.
    static func writeJSON(_ inventory: StoreInventory, to writer: inout JSONWriter) {
        writer.beginArray()
        for entry in inventory.entries {
            writer.beginObject()
            writer.key("key")
            writer.string(entry.key)
            writer.key("kind")
            writer.string(entry.kind)
            writer.key("bytes")
            writer.int(entry.bytes)
            if let records = entry.records {
                writer.key("records")
                writer.int(records)
            }
            writer.key("known")
            writer.bool(entry.isKnown)
            writer.endObject()
        }
        writer.endArray()
    }
}

extension String {
    /// The string right-aligned in `width` columns.
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
