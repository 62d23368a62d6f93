import DomainModel
import Foundation
import JSONCore

/// One value of a command's JSON document, built as plain data: a command describes its
/// report as values, and `JSONEnvelope` writes every document in one place. Literals work
/// where a value is expected (`"merge"`, `3`, `true`).
enum ReportValue: Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([ReportValue])
    case object(ReportFields)
    /// A parsed JSON document (a printed schema), written compactly.
    case document(JSONDocument)

    /// A byte count, always an exact integer in JSON (text shows it as `1.2 MB`).
    static func bytes(_ count: Int64) -> ReportValue { .int(Int(count)) }

    /// A canonical timestamp, `2026-11-30T04:42:22Z`.
    static func timestamp(_ date: Date) -> ReportValue { .string(Timestamp.format(date)) }

    /// A duration in seconds, to the millisecond.
    static func seconds(_ interval: TimeInterval) -> ReportValue { .double((interval * 1000).rounded() / 1000) }

    static func strings(_ values: [String]) -> ReportValue { .array(values.map(ReportValue.string)) }

    static func objects<Element>(_ elements: [Element], _ fields: (Element) -> ReportFields) -> ReportValue {
        .array(elements.map { .object(fields($0)) })
    }

    func write(to writer: inout JSONWriter) {
        switch self {
        case .null: writer.null()
        case .bool(let value): writer.bool(value)
        case .int(let value): writer.int(value)
        case .double(let value): writer.double(value)
        case .string(let value): writer.string(value)
        case .array(let elements):
            writer.beginArray()
            for element in elements { element.write(to: &writer) }
            writer.endArray()
        case .object(let fields): fields.write(to: &writer)
        case .document(let document): writer.value(document.root)
        }
    }
}

extension ReportValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral {
    init(stringLiteral value: String) { self = .string(value) }
    init(integerLiteral value: Int) { self = .int(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
}
