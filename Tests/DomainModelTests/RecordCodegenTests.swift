import Foundation
import TestSupport
import Testing

/// RecordCodegen, the generator DomainModel's build runs over every `.record` declaration: one
/// field line becomes the property, the initialiser's parameter, the decoder's and encoder's
/// lines and the schema entry; a declaration that makes no sense stops the build, naming it.
@Suite struct RecordCodegenTests {
    /// Runs the built generator over `declaration`; the output file's text when it succeeded.
    static func generate(_ declaration: String) throws -> (output: ProcessOutput, source: String?) {
        let folder = try TemporaryDirectory(prefix: "record-codegen")
        let input = folder.file("Example.record")
        let output = folder.file("Example.swift")
        try Data(declaration.utf8).write(to: input)
        let tool = BuildProducts.productsDirectory.appendingPathComponent("RecordCodegen").path
        let result = try ProcessRunner.run(tool, [input.path, output.path])
        return (result, try? String(contentsOf: output, encoding: .utf8))
    }

    static func declaration(_ fields: String) -> String {
        #"{"record": "Example", "conformances": ["JSONRecord", "Hashable"], "doc": ["An example."], "#
            + #""definition": "example", "description": "An example.", "fields": [\#(fields)]}"#
    }

    static let id = #"{"name": "id", "type": "id", "required": true, "description": "Stable identity."}"#

    @Test func oneOptionalFieldLineBecomesEveryPartOfTheRecord() throws {
        let field = #"{"name": "nickname", "type": "string", "description": "What friends say."}"#
        let (output, source) = try Self.generate(Self.declaration(Self.id + ", " + field))
        #expect(output.status == 0, "\(output.stderrText)")
        let text = try #require(source)
        for line in [
            "    /// What friends say.\n    public var nickname: String?",
            "        nickname: String? = nil",
            "        self.nickname = nickname",
            #"        nickname = reader.optionalString("nickname")"#,
            #"        writer.field("nickname", nickname)"#,
            #"            fields.string("nickname", required: false, &writer)"#,
            #"            RecordField("nickname", .string(nil), required: false, "What friends say."),"#,
        ] {
            #expect(text.contains(line), "missing: \(line)")
        }
    }

    @Test func requiredFieldsAreDecodedFirstAndEncodedInDeclarationOrder() throws {
        let fields = [
            #"{"name": "note", "type": "string", "default": "\"\"", "description": "A note."}"#,
            Self.id,
            #"{"name": "seen", "type": "date", "defaultField": "added", "description": "Last seen."}"#,
            #"{"name": "added", "type": "date", "required": true, "description": "Added."}"#,
        ]
        let (output, source) = try Self.generate(Self.declaration(fields.joined(separator: ", ")))
        #expect(output.status == 0, "\(output.stderrText)")
        let text = try #require(source)
        func position(_ line: String) throws -> String.Index {
            try #require(text.range(of: line), "missing: \(line)").lowerBound
        }
        #expect(try position(#"id = try reader.requiredID("id")"#) < position(#"note = reader.string("note""#))
        #expect(try position(#"added = try reader.requiredDate("added")"#) < position("seen = reader.optionalDate"))
        #expect(text.contains(#"seen = reader.optionalDate("seen") ?? added"#))
        #expect(text.contains("self.seen = seen ?? added"))
        #expect(try position(#"writer.field("note""#) < position(#"writer.field("id""#))
        #expect(try position(#"writer.field("seen""#) < position(#"writer.field("added""#))
        // A default taken from another field is only decoding's to apply: no transcoder.
        #expect(!text.contains("func transcode("))
    }

    /// A field only decoding can read leaves the record without a transcoder: it is always
    /// decoded.
    @Test(arguments: [
        #"{"name": "tags", "type": "[string]", "normalize": "Tags.normalized", "description": "?"}"#,
        #"{"name": "at", "type": "string", "format": "wallClockTime", "required": true, "decode": "try T.time(&reader, $key)", "description": "?"}"#,
        #"{"name": "prefs", "type": "Prefs", "embedded": true, "description": "?"}"#,
        #"{"name": "channels", "type": "[enum Channel]", "description": "?"}"#,
    ])
    func aFieldOnlyDecodingReadsLeavesTheRecordWithoutATranscoder(field: String) throws {
        let (output, source) = try Self.generate(Self.declaration(Self.id + ", " + field))
        #expect(output.status == 0, "\(output.stderrText)")
        let text = try #require(source)
        #expect(text.contains("init(from reader: inout RecordReader)") && !text.contains("func transcode("))
    }

    /// A deduplicating record's transcoder gives the natural key decoding gives: an id parsed,
    /// a domain in canonical form.
    @Test(arguments: [
        ("id", "UUID", #"            fields.id("id", required: true, &writer, naturalKey: &key),"#),
        ("domain", "String", #"            fields.domain("domain", required: true, &writer, naturalKey: &key)"#),
    ])
    func aDeduplicatingRecordsTranscoderGivesItsNaturalKey(key: String, type: String, keyCall: String) throws {
        let domain = #"{"name": "domain", "type": "domain", "required": true, "description": "The domain."}"#
        let declaration = Self.declaration(Self.id + ", " + domain)
            .replacingOccurrences(of: #"["JSONRecord", "Hashable"]"#, with: #"["DeduplicatingRecord", "Hashable"]"#)
            .replacingOccurrences(of: #""fields":"#, with: #""merge": "first", "naturalKey": "\#(key)", "fields":"#)
        let (output, source) = try Self.generate(declaration)
        #expect(output.status == 0, "\(output.stderrText)")
        let text = try #require(source)
        for line in [
            #"            fields.domain("domain", required: true, &writer)"#, "    public static func transcodeKeyed(",
            "    ) -> \(type)? {", "        var key: \(type)?", keyCall, "        return fields.foundAll ? key : nil",
        ] {
            #expect(text.contains(line), "missing: \(line)")
        }
    }

    @Test(arguments: [
        (#"{"name": "x", "type": "float", "description": "?"}"#, #"x: unknown type "float""#),
        (#"{"name": "x", "type": "int", "description": "?"}"#, "x: an int needs a range"),
        (
            #"{"name": "x", "type": "string", "required": true, "default": "\"\"", "description": "?"}"#,
            "x: a required field has no default"
        ),
        (
            #"{"name": "x", "type": "date", "defaultField": "y", "description": "?"}"#,
            "x: defaultField y must be a required field (decoded first)"
        ),
        (#"{"name": "id", "type": "id", "key": "id", "description": "?"}"#, "id is declared twice"),
        (#"{"name": "x", "type": "ownerName", "description": "?"}"#, "x: an ownerName must be required"),
        (
            #"{"name": "x", "type": "date", "default": "Date()", "description": "?"}"#,
            "x: a field of type date takes no default"
        ),
        (
            #"{"name": "x", "type": "int", "range": "0...1", "defaultField": "id", "description": "?"}"#,
            "x: only a string or a date takes its default from another field"
        ),
        (#"{"name": "x", "type": "bool", "format": "nonEmpty", "description": "?"}"#, "x: only a string has a format"),
        (#"{"name": "x", "type": "string", "embedded": true, "description": "?"}"#, "x: only a record can be embedded"),
        (#"{"name": "x", "type": "String", "description": "?"}"#, #"x: unknown type "String" (one of id, domain"#),
        (#"{"name": "x", "type": "enum Mood", "description": "?"}"#, "x: an enum needs a default"),
        (
            #"{"name": "x", "type": "bool", "required": true, "description": "?"}"#,
            "x: a field of type bool cannot be required"
        ),
        (
            #"{"name": "x", "type": "string", "format": "wallClockTime", "description": "?"}"#,
            "x: a wallClockTime string needs a decode function that checks it"
        ),
        (
            #"{"name": "x", "type": "string", "format": "nonEmtpy", "description": "?"}"#,
            #"x: unknown format "nonEmtpy""#
        ),
        (#"{"name": "x", "type": "string", "description": "a\nb"}"#, "x: a description is one line"),
        (#"{"name": "id", "type": "string", "key": "ident", "description": "?"}"#, "ident is declared twice"),
    ])
    func aDeclarationThatMakesNoSenseStopsTheBuildNamingTheFile(field: String, reason: String) throws {
        let (output, source) = try Self.generate(Self.declaration(Self.id + ", " + field))
        #expect(output.status == 1)
        #expect(output.stderrText.contains("Example.record: error: \(reason)"), "\(output.stderrText)")
        #expect(source == nil)
    }

    @Test(arguments: [
        (#"{"record": "Example""#, "not valid JSON"),
        (#"{"record": "Example"}"#, "conformances: missing"),
        (
            declaration(id + #", {"name": "x", "type": "string", "requried": true, "description": "?"}"#),
            "fields[1].requried: not a key of a declaration"
        ),
        (#"{"record": 1}"#, "record: must be String"),
    ])
    func aFileThatIsNotADeclarationIsRefusedSayingWhere(text: String, reason: String) throws {
        let (output, source) = try Self.generate(text)
        #expect(output.status == 1)
        #expect(output.stderrText.contains("Example.record: error: \(reason)"), "\(output.stderrText)")
        #expect(source == nil)
    }

    @Test func aDecodeFunctionIsGivenTheKeyAndDocSaysMoreThanTheSchema() throws {
        let field =
            #"{"name": "start", "type": "string", "format": "wallClockTime", "required": true, "#
            + #""decode": "try Example.time($key, &reader)", "description": "Start.", "doc": "Start, HH:MM.\nLocal."}"#
        let (output, source) = try Self.generate(Self.declaration(Self.id + ", " + field))
        #expect(output.status == 0, "\(output.stderrText)")
        let text = try #require(source)
        #expect(text.contains(#"start = try Example.time("start", &reader)"#))
        #expect(text.contains("    /// Start, HH:MM.\n    /// Local.\n    public var start: String"))
        #expect(text.contains(#"RecordField("start", .string(.wallClockTime), required: true, "Start."),"#))
    }
}
