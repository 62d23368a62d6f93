import DataPortability
import DomainModel

/// How a store inventory is printed.
enum StoreInventoryText {
    /// An aligned table: key, records, size.
    static func table(_ inventory: StoreInventory) -> [String] {
        let rows = inventory.entries.map { entry in
            let records = entry.records.map(String.init) ?? (entry.kind == "data" ? "?" : "-")
            return [entry.key, records, Formatting.bytes(Int64(entry.bytes))]
        }
        return Formatting.table(
            [["key", "records", "size"]] + rows + [["total", "", Formatting.bytes(Int64(inventory.totalBytes))]])
    }

    /// The inventory as a JSON array of key entries.
    static func value(_ inventory: StoreInventory) -> ReportValue {
        .objects(inventory.entries) { entry in
            [
                "key": .string(entry.key), "kind": .string(entry.kind), "bytes": .int(entry.bytes),
                "records": entry.records.map(ReportValue.int), "known": .bool(entry.isKnown),
            ]
        }
    }
}

extension String {
    /// The string right-aligned in `width` columns.
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
