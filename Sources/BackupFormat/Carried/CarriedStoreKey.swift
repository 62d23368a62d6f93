import JSONCore

/// A store key a version 4 backup carries verbatim (`carried/storeKeys.json`): a key this
/// build does not know, or a legacy key left beside the current data after its migration.
///
///     {"key": "reminders.v2", "value": {"kind": "data", "json": {"enabled": true}}}
public struct CarriedStoreKey: Sendable, Equatable {
    /// The key, as stored.
    public var key: String
    /// Its value, kind and all.
    public var value: CarriedValue

    public init(key: String, value: CarriedValue) {
        self.key = key
        self.value = value
    }

    /// Keys a backup never carries: those its sections are made of, and those the migration
    /// runner keeps for itself (the schema version stamp, the pre-versioning marker, the
    /// journal). Importing one would overwrite data the import manages otherwise.
    public static let reservedKeys: Set<String> = Set(BackupSection.allCases.flatMap(\.entry.storeKeys)).union([
        "data.storeSchemaVersion", "data.migrations.v3_4_0", "data.migrationJournal",
    ])

    /// Writes the entry's JSON array.
    public static func encode(_ keys: [CarriedStoreKey]) -> [UInt8] {
        CarriedValue.encodeArray(keys) { entry, writer in
            writer.field("key", entry.key)
            writer.key("value")
            entry.value.encode(to: &writer)
        }
    }

    /// Reads one element of the entry's array.
    /// - Throws: `CarriedDecodingError` with the path inside the element.
    public init(json element: JSONValue) throws(CarriedDecodingError) {
        guard element.kind == .object else { throw CarriedDecodingError("", "must be an object, not \(element.kind)") }
        guard let key = element["key"]?.string, !key.isEmpty else {
            throw CarriedDecodingError(".key", "must be a non-empty string")
        }
        self.init(key: key, value: try CarriedValue(valueField: element["value"]))
    }
}
