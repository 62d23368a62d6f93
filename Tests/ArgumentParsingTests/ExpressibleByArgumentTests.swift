import ArgumentParsing
import Testing

@Suite struct ExpressibleByArgumentTests {
    @Test func readsIntegers() {
        #expect(Int(argument: "42") == 42)
        #expect(Int(argument: "-7") == -7)
        #expect(Int(argument: "4.0") == nil)
        #expect(Int(argument: "") == nil)
        #expect(Int(argument: "0x10") == nil)
        #expect(Int.expectedValueDescription == "an integer")
    }

    @Test func readsFiniteNumbers() {
        #expect(Double(argument: "0.25") == 0.25)
        #expect(Double(argument: "1e3") == 1000)
        #expect(Double(argument: "nan") == nil)
        #expect(Double(argument: "inf") == nil)
        #expect(Double(argument: "fast") == nil)
        #expect(Double.expectedValueDescription == "a number")
    }

    @Test func takesAnyString() {
        #expect(String(argument: "") == "")
        #expect(String(argument: "-") == "-")
        #expect(String.allValueStrings.isEmpty)
    }

    @Test func stringEnumsListTheirRawValues() {
        #expect(Compression.allValueStrings == ["zstd", "gzip", "none"])
        #expect(Compression.expectedValueDescription == "one of zstd, gzip, none")
        #expect(Compression(argument: "gzip") == .gzip)
        #expect(Compression(argument: "GZIP") == nil)
        #expect(Compression.zstd.defaultValueDescription == "zstd")
    }

    @Test func describesDefaultsByDescription() {
        #expect(3.defaultValueDescription == "3")
        #expect("all".defaultValueDescription == "all")
    }
}
