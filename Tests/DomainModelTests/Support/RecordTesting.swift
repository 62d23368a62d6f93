import DomainModel
import Foundation
import JSONCore
import TestSupport
import Testing

/// Fixed identities and instants for building records in tests.
enum Sample {
    /// A version-4-shaped UUID whose last group is `n` in hexadecimal: `Sample.id(1)` is
    /// `00000000-0000-4000-8000-000000000001`.
    static func id(_ n: Int) -> UUID { SampleIdentity.uuid(n) }

    /// The canonical text of `Sample.id(n)`.
    static func idText(_ n: Int) -> String { RecordID.format(id(n)) }

    /// The instant an ISO 8601 text names (the test's own literal, so it must parse).
    static func date(_ text: String) -> Date {
        guard let date = Timestamp.parse(text) else { preconditionFailure("\(text) is not a timestamp") }
        return date
    }
}

/// Decoding and encoding records from JSON text, as the store holds them.
enum RecordJSON {
    /// Decodes one record from JSON text.
    static func decode<Record: JSONRecord>(_ text: String, as type: Record.Type = Record.self) throws -> (
        record: Record, issues: [DecodingIssue]
    ) {
        let document = try JSONDocument(parsing: Array(text.utf8))
        return try Record.decode(document.root)
    }

    /// The record's canonical JSON as text.
    static func text<Record: JSONRecord>(_ record: Record) -> String {
        String(decoding: record.canonicalJSON, as: UTF8.self)
    }

    /// Reads a stored collection from JSON text.
    static func collection<Record: DeduplicatingRecord>(_ text: String, as type: Record.Type = Record.self)
        -> DecodedCollection<Record>
    {
        CollectionDecoder.decodeArray(Array(text.utf8), as: Record.self)
    }
}

/// Decodes `json`, encodes it, and checks the canonical round trip: decode → encode → decode
/// gives the same record, encoding that record gives the same bytes, and (when given) the
/// encoded text is exactly `canonical`, which pins the documented field order.
/// - Returns: the first decoded record and its issues.
@discardableResult
func expectCanonicalRoundTrip<Record: JSONRecord>(
    _ json: String, as type: Record.Type, canonical: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> (record: Record, issues: [DecodingIssue]) {
    let (first, issues) = try RecordJSON.decode(json, as: Record.self)
    let encoded = first.canonicalJSON
    if let canonical {
        #expect(String(decoding: encoded, as: UTF8.self) == canonical, sourceLocation: sourceLocation)
    }
    let (second, secondIssues) = try RecordJSON.decode(String(decoding: encoded, as: UTF8.self), as: Record.self)
    #expect(second == first, "decode → encode → decode changed the record", sourceLocation: sourceLocation)
    #expect(second.canonicalJSON == encoded, "encoding is not byte-stable", sourceLocation: sourceLocation)
    // Canonical output only ever re-reports enum values this build does not know.
    #expect(secondIssues.allSatisfy { $0.kind == .unknownEnumValue }, "\(secondIssues)", sourceLocation: sourceLocation)
    return (first, issues)
}

/// Checks a record written with every field: `full` round-trips canonically to itself (its
/// field order is the documented one), decodes without an issue, and reads as `expected`.
func expectFullRecordRoundTrip<Record: JSONRecord>(
    _ full: String, reads expected: Record, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let (record, issues) = try expectCanonicalRoundTrip(
        full, as: Record.self, canonical: full, sourceLocation: sourceLocation)
    #expect(issues.isEmpty, "\(issues)", sourceLocation: sourceLocation)
    #expect(record == expected, sourceLocation: sourceLocation)
}

/// The issues as `kind path` lines, sorted, for comparing whole sets in one expectation.
func issueSummary(_ issues: [DecodingIssue]) -> [String] {
    issues.map { "\($0.kind.rawValue) \($0.path)" }.sorted()
}

/// Decodes `json`, expecting the record to be rejected; returns the error's path.
func rejectionPath<Record: JSONRecord>(
    _ json: String, as type: Record.Type, sourceLocation: SourceLocation = #_sourceLocation
) -> String? {
    let error = #expect(throws: RecordDecodingError.self, sourceLocation: sourceLocation) {
        _ = try RecordJSON.decode(json, as: Record.self)
    }
    return error?.path
}
