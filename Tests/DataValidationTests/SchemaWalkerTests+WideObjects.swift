import JSONCore
import Testing

@testable import DataValidation

/// Objects with more properties than a machine word has bits: every property past the 64th
/// must be tracked as exactly as the first ones — found, missing, null or repeated.
extension SchemaWalkerTests {
    /// 70 property names (`StaticString`s must be literals).
    static let wideNames: [StaticString] = [
        "p00", "p01", "p02", "p03", "p04", "p05", "p06", "p07", "p08", "p09", "p10", "p11", "p12", "p13", "p14",
        "p15", "p16", "p17", "p18", "p19", "p20", "p21", "p22", "p23", "p24", "p25", "p26", "p27", "p28", "p29",
        "p30", "p31", "p32", "p33", "p34", "p35", "p36", "p37", "p38", "p39", "p40", "p41", "p42", "p43", "p44",
        "p45", "p46", "p47", "p48", "p49", "p50", "p51", "p52", "p53", "p54", "p55", "p56", "p57", "p58", "p59",
        "p60", "p61", "p62", "p63", "p64", "p65", "p66", "p67", "p68", "p69",
    ]

    /// An object schema whose 70 properties are all required integers, nested one level down
    /// so that the wide object's properties do not start at the compiled schema's first.
    static let wideSchema: SchemaNode = {
        let wide = S.object("Wide", "70 required fields", wideNames.map { S.required($0, S.integer("a number")) })
        return S.object("Outer", "holds the wide object", [S.required("wide", wide)])
    }()

    private func wideFindings(_ fields: [String]) throws -> [String] {
        let json = #"{"wide": {"# + fields.joined(separator: ", ") + "}}"
        let document = try JSONDocument(parsing: Array(json.utf8))
        var walker = SchemaWalker(section: "test", root: "$")
        walker.check(document.root, Self.wideSchema)
        return walker.findings.map { "\($0.code.rawValue) \($0.location) \($0.message)" }
    }

    private static func field(_ position: Int, _ value: String = "1") -> String {
        #""\#(wideNames[position])": \#(value)"#
    }

    @Test func anObjectWithSeventyRequiredFieldsAllPresentHasNoFinding() throws {
        #expect(try wideFindings((0..<70).map { Self.field($0) }) == [])
        // In any order: the walker's guess of the next property must not matter.
        #expect(try wideFindings((0..<70).reversed().map { Self.field($0) }) == [])
    }

    @Test func aMissingFieldPastTheSixtyFourthIsReportedAndOnlyIt() throws {
        let fields = (0..<70).filter { $0 != 3 && $0 != 66 }.map { Self.field($0) }
        #expect(
            try wideFindings(fields) == [
                "record.required $.wide.p03 is required but missing.",
                "record.required $.wide.p66 is required but missing.",
            ])
    }

    @Test func aNullOrRepeatedFieldPastTheSixtyFourthIsReportedOnce() throws {
        var fields = (0..<70).map { Self.field($0, $0 == 65 ? "null" : "1") }
        fields.append(Self.field(68, "2"))
        #expect(
            try wideFindings(fields) == [
                "record.required $.wide.p65 is required and must not be null.",
                "record.duplicate-key $.wide.p68 " + SchemaWalker.repeatedKeyMessage,
            ])
    }

    @Test func aWrongValuePastTheSixtyFourthIsCheckedAgainstItsOwnProperty() throws {
        let fields = (0..<70).map { Self.field($0, $0 == 69 ? #""seventy""# : "1") }
        #expect(try wideFindings(fields) == ["record.type $.wide.p69 must be an integer, not string."])
    }
}
