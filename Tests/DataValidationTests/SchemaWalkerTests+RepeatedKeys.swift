import JSONCore
import Testing

@testable import DataValidation

/// A key repeated in one object is an error at the key's path: the walker (and the record
/// readers) would take the first value, Python's `json` and `jq` the last.
extension SchemaWalkerTests {
    private func repeatedKeyFindings(_ json: String, _ node: SchemaNode) throws -> [String] {
        let document = try JSONDocument(parsing: Array(json.utf8))
        var walker = SchemaWalker(section: "test", root: "$.test")
        walker.check(document.root, node)
        return walker.findings.filter { $0.code == .duplicateKey }.map { "\($0.severity.rawValue) \($0.location)" }
    }

    private static let record =
        #"{"id": "00000000-0000-4000-8000-000000000001", "domain": "alpha.example", "addedAt": "2025-01-10T09:00:00Z""#

    @Test func aRepeatedFieldOfTheSchemaIsAnError() throws {
        let json = Self.record + #", "domain": "beta.example"}"#
        #expect(try repeatedKeyFindings(json, RecordSchemas.trackedDomain) == ["error $.test.domain"])
        let document = try JSONDocument(parsing: Array(json.utf8))
        var walker = SchemaWalker(section: "test", root: "$.test")
        walker.check(document.root, RecordSchemas.trackedDomain)
        #expect(
            walker.findings.map(\.message) == [
                "appears more than once in its object; backupctl would read the first value and Python or jq the last. Keep one."
            ])
    }

    @Test func aRepeatedFieldSpelledWithAnEscapeIsAnError() throws {
        let json = Self.record + #", "\u0061ddedAt": "2025-01-11T09:00:00Z"}"#
        #expect(try repeatedKeyFindings(json, RecordSchemas.trackedDomain) == ["error $.test.addedAt"])
    }

    @Test func aRepeatedUnknownFieldIsAnErrorBesideItsNote() throws {
        let json = Self.record + #", "color": "red", "color": "blue", "color": "green"}"#
        let document = try JSONDocument(parsing: Array(json.utf8))
        var walker = SchemaWalker(section: "test", root: "$.test")
        walker.check(document.root, RecordSchemas.trackedDomain)
        #expect(
            walker.findings.map { "\($0.severity.rawValue) \($0.code.rawValue) \($0.location)" } == [
                "note record.unknown-field $.test.color", "error record.duplicate-key $.test.color",
                "error record.duplicate-key $.test.color",
            ])
    }

    @Test func aRepeatedKeyOfAMapIsAnError() throws {
        let node = LegacySchemas.dnsAnswers
        #expect(try repeatedKeyFindings(#"{"A": ["1.2.3.4"], "MX": [], "A": ["5.6.7.8"]}"#, node) == ["error $.test.A"])
        #expect(try repeatedKeyFindings(#"{"A": ["1.2.3.4"], "AAAA": []}"#, node) == [])
    }

    @Test func distinctKeysAreNotReported() throws {
        let json = Self.record + #", "color": "red", "shade": "dark"}"#
        #expect(try repeatedKeyFindings(json, RecordSchemas.trackedDomain) == [])
    }
}
