import JSONCore
import TestSupport
import Testing

@testable import DataValidation

/// The walker tries the property after the last one matched first: fields in any order, repeated,
/// unknown or escaped must be found exactly as a search of every property finds them.
extension SchemaWalkerTests {
    @Test(arguments: [UInt64(1), 2, 3])
    func fieldsInAnyOrderGiveTheFindingsOfTheSchemasOrder(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var compared = 0
        let fields = [
            #""id": "00000000-0000-4000-8000-000000000001""#, #""domain": "Alpha.example""#,
            #""addedAt": "2025-01-10T09:00:00Z""#, #""tags": ["a", 3]"#, #""status": "paused""#,
            #""isFavorite": "yes""#, #""surprise": 1"#, #""d\u006Fmain": "beta.example""#, #""tags": null"#,
        ]
        let inOrder = try findings("{" + fields.joined(separator: ", ") + "}")
        #expect(!inOrder.isEmpty, "the record has problems to find")
        for _ in 0..<50 {
            let shuffled = fields.shuffled(using: &random)
            let found = try findings("{" + shuffled.joined(separator: ", ") + "}")
            // The first of two equal keys counts, so only records that keep the repeated keys in
            // their order can be compared finding for finding; all others must find the same set.
            let sameFirsts =
                shuffled.firstIndex(of: fields[1])! < shuffled.firstIndex(of: fields[7])!
                && shuffled.firstIndex(of: fields[3])! < shuffled.firstIndex(of: fields[8])!
            if sameFirsts {
                #expect(Set(found) == Set(inOrder), "\(shuffled)")
                compared += 1
            }
        }
        #expect(compared > 5)
    }

    private func findings(_ json: String) throws -> [String] {
        let document = try JSONDocument(parsing: Array(json.utf8))
        var walker = SchemaWalker(section: "test", root: "$.test")
        walker.check(document.root, RecordSchemas.trackedDomain)
        return walker.findings.map { "\($0.severity.rawValue) \($0.code.rawValue) \($0.location) \($0.message)" }
    }
}
