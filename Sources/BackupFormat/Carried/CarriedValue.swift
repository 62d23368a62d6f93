import Foundation
import JSONCore

/// A store value as a version 4 backup carries it: its kind and its value, exactly, whatever
/// the kind — for store keys this build does not know and for values it cannot read.
///
/// The kinds are those a UserDefaults property list can hold (`StoreValue` in the store
/// layer, which converts). Each is written as a JSON object naming the kind:
///
/// | kind | written as |
/// |---|---|
/// | data | `{"kind":"data","json":…}` when the bytes are one JSON value with nothing around it (the value embedded verbatim); otherwise `{"kind":"data","base64":"…"}` |
/// | string | `{"kind":"string","value":"…"}` |
/// | integer | `{"kind":"integer","value":42}` |
/// | bool | `{"kind":"bool","value":true}` |
/// | double | `{"kind":"double","value":1.5}`; `"nan"`, `"inf"`, `"-inf"` for what JSON has no number for |
/// | date | `{"kind":"date","value":…}`: seconds since 2001-01-01T00:00:00Z, as stores keep dates |
/// | array, dictionary | `{"kind":"array","binaryPropertyList":"…"}`: the value as a base64 binary property list, which is how an SQLite store keeps it too |
///
/// Every form reads back to the same value, bit for bit.
public enum CarriedValue: Sendable, Equatable {
    case data([UInt8])
    case string(String)
    case integer(Int)
    case bool(Bool)
    case double(Double)
    /// Seconds since 2001-01-01T00:00:00Z.
    case date(Double)
    /// An array, as a binary property list (`bplist00`).
    case array(binaryPropertyList: [UInt8])
    /// A dictionary, as a binary property list (`bplist00`).
    case dictionary(binaryPropertyList: [UInt8])

    /// The kind's name, as written and as `StoreValue.Kind` names it.
    public var kind: String {
        switch self {
        case .data: "data"
        case .string: "string"
        case .integer: "integer"
        case .bool: "bool"
        case .double: "double"
        case .date: "date"
        case .array: "array"
        case .dictionary: "dictionary"
        }
    }

    /// Every kind's name.
    public static let kinds = ["data", "string", "integer", "bool", "double", "date", "array", "dictionary"]

    /// How deep a value may nest inside its entry: the entries' array, the entry, and the
    /// value's own object come first, within the reader's limit.
    static let levelsAroundValue = 3

    /// Writes the value as its JSON object.
    /// - Parameter depthLimit: the nesting the reader will allow (`JSONParseOptions.maxDepth`):
    ///   data is embedded as JSON only when it fits within it, so what is written always reads back.
    public func encode(to writer: inout JSONWriter, depthLimit: Int = JSONParseOptions.default.maxDepth) {
        writer.object { writer in
            writer.field("kind", kind)
            switch self {
            case .data(let bytes):
                if CarriedValue.isEmbeddableJSON(bytes, depthLimit: depthLimit - CarriedValue.levelsAroundValue) {
                    writer.key("json")
                    writer.rawJSON(bytes)
                } else {
                    writer.field("base64", Data(bytes).base64EncodedString())
                }
            case .string(let string):
                writer.field("value", string)
            case .integer(let integer):
                writer.field("value", integer)
            case .bool(let bool):
                writer.field("value", bool)
            case .double(let double), .date(let double):
                writer.key("value")
                CarriedValue.write(double, to: &writer)
            case .array(let plist), .dictionary(let plist):
                writer.field("binaryPropertyList", Data(plist).base64EncodedString())
            }
        }
    }

    /// Whether `bytes` are exactly one JSON value — no whitespace around it — within `depthLimit`.
    static func isEmbeddableJSON(_ bytes: [UInt8], depthLimit: Int) -> Bool {
        let whitespace: [UInt8] = [0x20, 0x0A, 0x0D, 0x09]
        guard let first = bytes.first, let last = bytes.last, !whitespace.contains(first), !whitespace.contains(last)
        else { return false }
        return bytes.withUnsafeBufferPointer { buffer in
            (try? JSONDocument.validate(buffer, options: JSONParseOptions(maxDepth: max(depthLimit, 1)))) != nil
        }
    }

    /// A finite number as the shortest text that reads back to it; the others as words.
    private static func write(_ double: Double, to writer: inout JSONWriter) {
        if double.isNaN {
            writer.string("nan")
        } else if double.isInfinite {
            writer.string(double < 0 ? "-inf" : "inf")
        } else {
            writer.rawJSON(Array(double.description.utf8))
        }
    }
}

extension CarriedValue {
    /// Reads a carried value.
    /// - Throws: `CarriedDecodingError` naming the field (`.kind`, `.value`…) and what is wrong.
    public init(json value: JSONValue) throws(CarriedDecodingError) {
        guard value.kind == .object else { throw CarriedDecodingError("", "must be an object, not \(value.kind)") }
        guard let kind = value["kind"]?.string else {
            throw CarriedDecodingError(".kind", "must be one of \(CarriedValue.kinds.joined(separator: ", "))")
        }
        switch kind {
        case "data":
            if let json = value["json"] {
                self = .data(Array(json.document.source[json.sourceRange]))
            } else if let base64 = value["base64"] {
                self = .data(try CarriedValue.base64(base64, ".base64"))
            } else {
                throw CarriedDecodingError("", "must have \"json\" or \"base64\" for data")
            }
        case "string":
            guard let string = value["value"]?.string else { throw CarriedDecodingError(".value", "must be a string") }
            self = .string(string)
        case "integer":
            guard let integer = value["value"]?.int else {
                throw CarriedDecodingError(".value", "must be an integer within 64 bits")
            }
            self = .integer(integer)
        case "bool":
            guard let bool = value["value"]?.bool else { throw CarriedDecodingError(".value", "must be true or false") }
            self = .bool(bool)
        case "double":
            self = .double(try CarriedValue.double(value["value"]))
        case "date":
            self = .date(try CarriedValue.double(value["value"]))
        case "array", "dictionary":
            guard let plist = value["binaryPropertyList"] else {
                throw CarriedDecodingError(".binaryPropertyList", "is missing")
            }
            let bytes = try CarriedValue.base64(plist, ".binaryPropertyList")
            guard bytes.starts(with: Array("bplist00".utf8)) else {
                throw CarriedDecodingError(".binaryPropertyList", "must hold a binary property list (bplist00)")
            }
            self = kind == "array" ? .array(binaryPropertyList: bytes) : .dictionary(binaryPropertyList: bytes)
        default:
            throw CarriedDecodingError(
                ".kind", "must be one of \(CarriedValue.kinds.joined(separator: ", ")), not \"\(kind)\"")
        }
    }

    /// Reads an entry's `value` field, naming it in the errors (`.value.kind`).
    init(valueField value: JSONValue?) throws(CarriedDecodingError) {
        guard let value else { throw CarriedDecodingError(".value", "is missing") }
        do {
            try self.init(json: value)
        } catch {
            throw CarriedDecodingError(".value" + error.path, error.problem)
        }
    }

    /// Writes `items` as a JSON array, each with `write`: the array of a carried entry.
    static func encodeArray<Item>(_ items: [Item], _ write: (Item, inout JSONWriter) -> Void) -> [UInt8] {
        var writer = JSONWriter(capacity: 1024)
        writer.beginArray()
        for item in items { writer.object { writer in write(item, &writer) } }
        writer.endArray()
        return writer.takeBytes()
    }

    private static func base64(_ value: JSONValue, _ path: String) throws(CarriedDecodingError) -> [UInt8] {
        guard let text = value.string, let data = Data(base64Encoded: text) else {
            throw CarriedDecodingError(path, "must be a base64 string")
        }
        return [UInt8](data)
    }

    private static func double(_ value: JSONValue?) throws(CarriedDecodingError) -> Double {
        switch value?.string {
        case "nan"?: return .nan
        case "inf"?: return .infinity
        case "-inf"?: return -.infinity
        default:
            guard let value, value.kind == .number, let double = value.double, double.isFinite else {
                throw CarriedDecodingError(".value", "must be a number, or \"nan\", \"inf\" or \"-inf\"")
            }
            return double
        }
    }
}

/// Why a carried entry or value cannot be read: where, relative to the entry, and what is wrong.
public struct CarriedDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A JSON path relative to the value or entry: `.kind`, `.value.base64`.
    public var path: String
    /// What is wrong, as a sentence fragment.
    public var problem: String

    public init(_ path: String, _ problem: String) {
        self.path = path
        self.problem = problem
    }

    public var description: String { path.isEmpty ? problem : "\(path) \(problem)" }
}
