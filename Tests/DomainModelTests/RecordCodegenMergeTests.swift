import Foundation
import Testing

/// The merge rule a declaration states (`merge`, on the record and on its fields) becomes
/// `merged(with:)`; a rule the generator cannot honour stops the build, naming what is wrong.
@Suite struct RecordCodegenMergeTests {
    static func declaration(
        merge: String?, conformance: String = "MergeableRecord", naturalKey: String? = nil, _ fields: [String]
    ) -> String {
        #"{"record": "Example", "conformances": ["\#(conformance)", "Hashable"], "doc": ["An example."], "#
            + #""definition": "example", "description": "An example.", "#
            + (merge.map { #""merge": "\#($0)", "# } ?? "")
            + (naturalKey.map { #""naturalKey": "\#($0)", "# } ?? "")
            + #""fields": [\#(([RecordCodegenTests.id] + fields).joined(separator: ", "))]}"#
    }

    static let seen = #"{"name": "seen", "type": "date", "description": "Seen."}"#

    @Test func theDeclaredRuleBecomesMergedWith() throws {
        let fields = [
            Self.seen,
            #"{"name": "tags", "type": "[string]", "max": "9", "normalize": "tidy", "description": "T.", "merge": "union"}"#,
            #"{"name": "names", "type": "[string]", "description": "N.", "merge": "union"}"#,
            #"{"name": "pinned", "type": "bool", "description": "P.", "merge": "either"}"#,
            #"{"name": "note", "type": "string", "description": "N.", "merge": "fill"}"#,
            #"{"name": "ran", "type": "date", "description": "R.", "merge": "max"}"#,
        ]
        let (output, source) = try RecordCodegenTests.generate(Self.declaration(merge: "later seen", fields))
        #expect(output.status == 0, "\(output.stderrText)")
        let text = try #require(source)
        for line in [
            "    public func merged(with other: Example) -> Example {",
            "        let (winner, loser) = (other.seen ?? .distantPast) > (seen ?? .distantPast) ? (other, self) : (self, other)",
            "        result.unknownFields = winner.unknownFields.merged(with: loser.unknownFields)",
            "        result.tags = Array(tidy(winner.tags + loser.tags).prefix(9))",
            "        result.names = union(winner.names, loser.names)",
            "        result.pinned = winner.pinned || loser.pinned",
            "        result.note = winner.note ?? loser.note",
            "        result.ran = [winner.ran, loser.ran].compactMap { $0 }.max()",
        ] {
            #expect(text.contains(line), "missing: \(line)")
        }
    }

    @Test func aFixedWinnerUnionsListsInTheCopiesOrder() throws {
        let names = #"{"name": "names", "type": "[string]", "description": "N.", "merge": "union"}"#
        let (output, source) = try RecordCodegenTests.generate(Self.declaration(merge: "incoming", [names]))
        #expect(output.status == 0, "\(output.stderrText)")
        let text = try #require(source)
        #expect(text.contains("        let (winner, loser) = (other, self)"))
        #expect(text.contains("        result.names = union(self.names, other.names)"))
    }

    @Test func aDeduplicatingRecordsNaturalKeyIsTheFieldItNames() throws {
        let (output, source) = try RecordCodegenTests.generate(
            Self.declaration(merge: "first", conformance: "DeduplicatingRecord", naturalKey: "id", [Self.seen]))
        #expect(output.status == 0, "\(output.stderrText)")
        #expect(try #require(source).contains("    public var naturalKey: UUID { id }"))
    }

    @Test func aCustomRuleIsLeftToTheHandWrittenFunction() throws {
        let (output, source) = try RecordCodegenTests.generate(Self.declaration(merge: "custom", [Self.seen]))
        #expect(output.status == 0, "\(output.stderrText)")
        #expect(try #require(source).contains("merged(with") == false)
    }

    @Test(arguments: [
        (declaration(merge: "newest", [seen]), #"merge: unknown rule "newest" (one of first, incoming"#),
        (declaration(merge: "later nothing", [seen]), "merge: later nothing: no field nothing"),
        (declaration(merge: "later id", [seen]), "merge: later id: id is not a date"),
        (declaration(merge: nil, [seen]), "merge: a MergeableRecord says which copy wins"),
        (
            declaration(merge: "first", conformance: "JSONRecord", [seen]),
            "merge: only a MergeableRecord or DeduplicatingRecord has a merge rule"
        ),
        (
            declaration(
                merge: nil, conformance: "JSONRecord",
                [#"{"name": "x", "type": "date", "description": "?", "merge": "max"}"#]),
            "x: a field merges only in a record with a merge rule"
        ),
        (
            declaration(merge: "custom", [#"{"name": "x", "type": "date", "description": "?", "merge": "max"}"#]),
            "x: a field merges only by a generated rule, not a custom one"
        ),
        (
            declaration(merge: "first", [#"{"name": "x", "type": "date", "description": "?", "merge": "sum"}"#]),
            #"x: unknown merge "sum" (one of fill, either, max, union)"#
        ),
        (
            declaration(merge: "first", [#"{"name": "x", "type": "string", "description": "?", "merge": "either"}"#]),
            "x: merge either needs a bool"
        ),
        (
            declaration(
                merge: "first", [#"{"name": "x", "type": "int", "range": "0...1", "description": "?", "merge": "max"}"#]
            ),
            "x: merge max needs a date"
        ),
        (
            declaration(merge: "first", [#"{"name": "x", "type": "string", "description": "?", "merge": "union"}"#]),
            "x: merge union needs a list"
        ),
        (
            declaration(
                merge: "first",
                [#"{"name": "x", "type": "string", "required": true, "description": "?", "merge": "fill"}"#]),
            "x: merge fill needs a field that can be absent"
        ),
        (
            declaration(merge: "first", conformance: "DeduplicatingRecord", [seen]),
            "naturalKey: a DeduplicatingRecord names its natural key"
        ),
        (
            declaration(merge: "first", conformance: "DeduplicatingRecord", naturalKey: "seen", [seen]),
            "naturalKey: seen is not a required field"
        ),
        (declaration(merge: "first", naturalKey: "id", [seen]), "naturalKey: only a DeduplicatingRecord has one"),
    ])
    func aRuleTheGeneratorCannotHonourStopsTheBuild(declaration: String, reason: String) throws {
        let (output, source) = try RecordCodegenTests.generate(declaration)
        #expect(output.status == 1)
        #expect(output.stderrText.contains("Example.record: error: \(reason)"), "\(output.stderrText)")
        #expect(source == nil)
    }
}
