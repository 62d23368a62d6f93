import BackupFormat
import DomainModel
import Foundation
import JSONCore
import Testing

@testable import DataValidation

/// Validation is decoding: a record whose decoding is clean (`DecodedRecord.isClean`) is not
/// walked against the schema, so a clean record must be one the walk finds nothing in — no
/// error, no warning, no note. These tests vary every field of every record of a valid backup
/// in every way they can think of and hold decoding to that.
@Suite struct DecodingCleanlinessTests {
    /// A JSON text as a tree that keeps key order and repeated keys.
    indirect enum Tree {
        case scalar(String)
        case array([Tree])
        case object([(String, Tree)])

        /// The tree of `value`, whose document was parsed from `source`.
        init(_ value: JSONValue, in source: [UInt8]) {
            switch value.kind {
            case .array: self = .array(value.elements.map { Tree($0, in: source) })
            case .object: self = .object(value.fields.map { ($0.key, Tree($0.value, in: source)) })
            default: self = .scalar(String(decoding: source[value.sourceRange], as: UTF8.self))
            }
        }

        var text: String {
            switch self {
            case .scalar(let text): text
            case .array(let elements): "[" + elements.map(\.text).joined(separator: ",") + "]"
            case .object(let fields):
                "{" + fields.map { Tree.quoted($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
            }
        }

        static func quoted(_ string: String) -> String {
            let data = try! JSONSerialization.data(withJSONObject: [string], options: [.fragmentsAllowed])
            return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
        }

        static func string(_ string: String) -> Tree { .scalar(quoted(string)) }
    }

    /// Values put in place of every value: each kind, the edges of every format and limit.
    static let replacements: [Tree] = [
        "null", "true", "false", "0", "-1", "1.5", "1e3", "2.0", "100000000000000000000", "65536", "65535",
        "86400001", "3600001", "101", "599", "600", "99", "-1000000001",
        #""""#, #"" ""#, #"" \u0301""#, #""\t""#, #""x""#, #""X""#, #""*""#, #""*.example.com""#,
        #""_sip._tcp.example.com""#, #""EXAMPLE.com""#, #""example.com.""#, #"" example.com""#, #""-bad-.com""#,
        #""1.2.3.4""#, #""exa mple.com""#, #""\u0065xample.com""#,
        #""2026-11-30T04:42:22Z""#, #""1970-01-01T00:00:00Z""#, #""2150-01-01T00:00:00Z""#,
        #""9999-12-31T20:00:00-05:00""#, #""0000-01-01T01:00:00+02:00""#, #""2026-13-01T00:00:00Z""#,
        #""2026-11-30T04:42:22.12349999999999999Z""#, #""2026-11-30T04:42:22\u002e5Z""#,
        #""00000000-0000-4000-8000-000000000001""#, #""00000000-0000-4000-8000-00000000000G""#, #""not-a-uuid""#,
        #""https://example.com/dns-query""#, #""http://example.com""#, #""https://""#, #""https:// x""#,
        #""https://\u0301x""#, #""12:30""#, #""24:00""#, #""7:5""#, #""unknownValue""#, #""A""#, #""manual""#,
        "[]", "[1]", #"["a","a"]"#, #"["work"," WORK "]"#, "{}", #"{"a":1}"#, #"{"a":"b","a":"c"}"#,
    ].map { Tree.scalar($0) }

    /// Every variation of `tree`: each value replaced by each of `replacements` and by its own
    /// spellings (upper case, a trailing dot, an escape), each field left out, repeated and
    /// joined by an unknown one, each list's first element left out, repeated and multiplied
    /// past any limit.
    static func variations(of tree: Tree) -> [Tree] {
        var result = replacements
        switch tree {
        case .scalar(let text):
            if text.hasPrefix("\""), text.count > 2 {
                let inner = String(text.dropFirst().dropLast())
                result += [
                    .scalar("\"" + inner.uppercased() + "\""), .scalar("\"" + inner + ".\""),
                    .scalar("\"" + inner + " \""),
                    .scalar(
                        #""\u"# + String(format: "%04x", inner.unicodeScalars.first!.value) + inner.dropFirst() + "\""),
                ]
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                for variation in variations(of: element) {
                    var changed = elements
                    changed[index] = variation
                    result.append(.array(changed))
                }
            }
            if let first = elements.first {
                result += [
                    .array(Array(elements.dropFirst())), .array(elements + [first]),
                    .array(elements + Array(repeating: first, count: 1_001)),
                ]
            }
        case .object(let fields):
            for (index, field) in fields.enumerated() {
                for variation in variations(of: field.1) {
                    var changed = fields
                    changed[index].1 = variation
                    result.append(.object(changed))
                }
                var without = fields
                without.remove(at: index)
                result += [.object(without), .object(fields + [field]), .object(fields + [(field.0, .scalar("null"))])]
            }
            result.append(.object(fields + [("zzUnknownField", .scalar("1"))]))
        }
        return result
    }

    /// The records of each section of the valid backup, with the compiled schema of one record.
    static func sectionRecords() throws -> [(BackupSection, CompiledSchema, [Tree])] {
        try BackupSection.allCases.map { section in
            let node = try #require(BackupSchema.current.node(for: section))
            let source = Array(try #require(ValidBackupSections.all[section]).utf8)
            let root = try JSONDocument(parsing: source).root
            switch node.kind {
            case .array(let array):
                return (section, CompiledSchema(array.items), root.elements.map { Tree($0, in: source) })
            case .nullable(let inner): return (section, CompiledSchema(inner), [Tree(root, in: source)])
            default: return (section, CompiledSchema(node), [Tree(root, in: source)])
            }
        }
    }

    /// The walk's findings in `text` and whether decoding it as `Record` is clean.
    static func check<Record: JSONRecord>(_ text: String, as type: Record.Type, _ compiled: CompiledSchema) throws -> (
        findings: [Finding], isClean: Bool
    ) {
        let document = try JSONDocument(parsing: Array(text.utf8))
        var walker = SchemaWalker(section: nil, root: "$")
        walker.check(document.root, compiled)
        let isClean = (try? Record.decodeChecking(document.root))?.isClean ?? false
        return (walker.findings, isClean)
    }

    static func check(_ text: String, _ section: BackupSection, _ compiled: CompiledSchema) throws -> (
        findings: [Finding], isClean: Bool
    ) {
        func check<Record: JSONRecord>(_ type: Record.Type) throws -> (findings: [Finding], isClean: Bool) {
            try Self.check(text, as: type, compiled)
        }
        return try check(section.entry.records.recordType)
    }

    @Test func everyRecordOfTheValidBackupDecodesClean() throws {
        for (section, compiled, records) in try Self.sectionRecords() {
            for record in records {
                let checked = try Self.check(record.text, section, compiled)
                #expect(checked.findings.isEmpty, "\(section) \(record.text)")
                #expect(checked.isClean, "\(section) \(record.text)")
            }
        }
    }

    @Test func noVariationOfARecordDecodesCleanWhileTheWalkFindsSomething() throws {
        var varied = 0
        var withFindings = 0
        var clean = 0
        var disagreements: [String] = []
        for (section, compiled, records) in try Self.sectionRecords() {
            for record in records {
                for variation in Self.variations(of: record) {
                    let text = variation.text
                    // A replacement of the whole record by a scalar is not an object: decoding fails.
                    guard let checked = try? Self.check(text, section, compiled) else { continue }
                    varied += 1
                    if !checked.findings.isEmpty { withFindings += 1 }
                    if checked.isClean { clean += 1 }
                    if checked.isClean, let finding = checked.findings.first, disagreements.count < 20 {
                        disagreements.append(
                            "\(section): \(finding.code.rawValue) \(finding.location) in \(text.prefix(300))")
                    }
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
        // The variations reach both sides: many the walk reports, many it accepts as clean.
        #expect(varied > 10_000)
        #expect(withFindings > varied / 2)
        #expect(clean > 1_000)
    }
}
