import Foundation
import JSONCore

/// A parsed JSON value that compares strictly, for checking results against expected
/// fixtures: `true` never equals `1`, integers and fractions are told apart, and object
/// fields compare regardless of their order (so formatting never matters).
indirect enum StrictJSON: Equatable, Sendable, CustomStringConvertible {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([StrictJSON])
    case object([String: StrictJSON])

    init(_ value: JSONValue) {
        switch value.kind {
        case .null: self = .null
        case .true: self = .bool(true)
        case .false: self = .bool(false)
        case .number: self = value.int.map(StrictJSON.integer) ?? .number(value.double ?? .nan)
        case .string: self = .string(value.string ?? "")
        case .array: self = .array(value.elements.map(StrictJSON.init))
        case .object:
            var fields: [String: StrictJSON] = [:]
            // The first occurrence of a repeated field wins, as everywhere in backupctl.
            for field in value.fields where fields[field.key] == nil { fields[field.key] = StrictJSON(field.value) }
            self = .object(fields)
        }
    }

    init(parsing bytes: [UInt8]) throws {
        self.init(try JSONDocument(parsing: bytes).root)
    }

    init(contentsOf url: URL) throws {
        try self.init(parsing: [UInt8](try Data(contentsOf: url)))
    }

    subscript(key: String) -> StrictJSON? {
        guard case .object(let fields) = self else { return nil }
        return fields[key]
    }

    var objectFields: [String: StrictJSON]? {
        guard case .object(let fields) = self else { return nil }
        return fields
    }

    var arrayElements: [StrictJSON]? {
        guard case .array(let elements) = self else { return nil }
        return elements
    }

    var integerValue: Int? {
        guard case .integer(let value) = self else { return nil }
        return value
    }

    var stringValue: String? {
        guard case .string(let value) = self else { return nil }
        return value
    }

    /// Where `actual` first differs from this expected value, as `path: expected … actual …`;
    /// nil when they are equal.
    func firstDifference(from actual: StrictJSON, at path: String = "$") -> String? {
        switch (self, actual) {
        case (.object(let expected), .object(let found)):
            for key in Set(expected.keys).union(found.keys).sorted() {
                guard let expectedValue = expected[key] else {
                    return "\(path).\(key): not expected, found \(found[key]!)"
                }
                guard let foundValue = found[key] else { return "\(path).\(key): missing, expected \(expectedValue)" }
                if let difference = expectedValue.firstDifference(from: foundValue, at: "\(path).\(key)") {
                    return difference
                }
            }
            return nil
        case (.array(let expected), .array(let found)):
            for (index, (expectedValue, foundValue)) in zip(expected, found).enumerated() {
                if let difference = expectedValue.firstDifference(from: foundValue, at: "\(path)[\(index)]") {
                    return difference
                }
            }
            return expected.count == found.count
                ? nil : "\(path): \(expected.count) elements expected, found \(found.count): \(actual)"
        default:
            return self == actual ? nil : "\(path): expected \(self), found \(actual)"
        }
    }

    var description: String {
        var writer = JSONWriter(capacity: 256)
        write(to: &writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    private func write(to writer: inout JSONWriter) {
        switch self {
        case .null: writer.null()
        case .bool(let value): writer.bool(value)
        case .integer(let value): writer.int(value)
        case .number(let value): writer.double(value)
        case .string(let value): writer.string(value)
        case .array(let elements):
            writer.beginArray()
            for element in elements { element.write(to: &writer) }
            writer.endArray()
        case .object(let fields):
            writer.beginObject()
            for key in fields.keys.sorted() {
                writer.key(key)
                fields[key]!.write(to: &writer)
            }
            writer.endObject()
        }
    }
}
