import DomainModel
import Foundation
import JSONCore
import TestSupport
import Testing

@Suite struct DomainNameTests {
    static let label63 = String(repeating: "a", count: 63)
    static let label64 = String(repeating: "a", count: 64)

    /// A valid-looking name of exactly `length` characters: 63-letter labels, then the rest.
    static func name(length: Int) -> String {
        var name = ""
        while length - name.count > 64 { name += label63 + "." }
        return name + String(repeating: "b", count: length - name.count)
    }

    static let validNames: [String] = [
        "example.com", "a.b", "x", "localhost", "a1", "0a", "a-b.example", "a--b.example",
        "sub.sub.sub.example.co.uk", "123.example.com", "example.co1", "1-2", "3com.net",
        "xn--bcher-kva.example", "xn--fiqs8s", "xn--p1ai", "xn--80ak6aa92e.com",
        label63 + ".com", label63, name(length: 253), name(length: 253) + ".",
        "Example.COM", "EXAMPLE.COM", " example.com ", "\texample.com\r\n", "example.com.", "Example.Com. ",
        "example.com\n", "  xn--BCHER-KVA.example  ",
    ]

    static let invalidNames: [String] = [
        "", " ", "\t\n", ".", "..", " . ", "example..com", ".example.com", "example.com..",
        "-example.com", "example-.com", "example.-com", "example.com-", "-", "a-", "--",
        "exa_mple.com", "_dmarc.example.com", "*.example.com", "exa mple.com", "example.com .", ". example.com",
        "example.com/", "http://example.com", "user@example.com", "example.com:443",
        "example.123", "123", "1.2.3.4", "0", "example.com.123.",
        "bücher.example", "例え.jp", "EXAMPLE.CÖM", "\u{00A0}example.com", "\u{000B}example.com", "example.com\u{000C}",
        label64 + ".com", label64, "a." + label64, name(length: 254), name(length: 254) + ".",
    ]

    @Test(arguments: [
        ("Example.COM", "example.com"),
        (" example.com ", "example.com"),
        ("\texample.com\r\n", "example.com"),
        ("example.com.", "example.com"),
        ("EXAMPLE.COM. ", "example.com"),
        ("example.com..", "example.com."),
        ("XN--BCHER-KVA.Example", "xn--bcher-kva.example"),
        ("Bücher.Example", "bücher.example"),
        ("", ""),
        ("  ", ""),
    ])
    func canonicalFormTrimsLowerCasesAndDropsOneTrailingDot(raw: String, canonical: String) {
        #expect(DomainName.canonical(raw) == canonical)
    }

    @Test(arguments: validNames)
    func canonicalFormOfValidNameIsStable(_ name: String) {
        let canonical = DomainName.canonical(name)
        #expect(DomainName.canonical(canonical) == canonical)
        #expect(DomainName.isValid(canonical))
    }

    @Test func canonicalFormOfInvalidNameMayNotBeStable() {
        // Only one trailing dot is the root; the name stays invalid and is never stored.
        #expect(DomainName.canonical("example.com..") == "example.com.")
        #expect(DomainName.canonical("example.com.") != "example.com.")
        #expect(!DomainName.isValid("example.com.."))
    }

    @Test(arguments: validNames)
    func acceptsValidName(_ name: String) {
        #expect(DomainName.isValid(name))
    }

    @Test(arguments: invalidNames)
    func rejectsInvalidName(_ name: String) {
        #expect(!DomainName.isValid(name))
    }

    @Test func enforcesLabelAndTotalLengthsAtTheirEdges() {
        #expect(DomainName.isValid(Self.label63 + ".example"))
        #expect(!DomainName.isValid(Self.label64 + ".example"))
        #expect(Self.name(length: 253).count == 253)
        #expect(DomainName.isValid(Self.name(length: 253)))
        #expect(DomainName.isValid(Self.name(length: 253) + "."), "the trailing dot does not count")
        #expect(!DomainName.isValid(Self.name(length: 254)))
        #expect(DomainName.maxLength == 253)
        #expect(DomainName.maxLabelLength == 63)
    }

    @Test func rejectsAllDigitTopLevelLabelOnly() {
        #expect(!DomainName.isValid("192.168.0.1"))
        #expect(!DomainName.isValid("example.42"))
        #expect(DomainName.isValid("42.example"))
        #expect(DomainName.isValid("example.4a"))
    }

    @Test func acceptsALabelsAndRejectsUnicode() {
        #expect(DomainName.isValid("xn--bcher-kva.example"))
        #expect(!DomainName.isValid("bücher.example"))
        #expect(DomainName.isValid("xn--fiqs8s"))
        #expect(!DomainName.isValid("中国"))
    }

    /// `DomainName.pattern` (published in the JSON Schema) evaluated by Python's `re` must
    /// accept exactly the names `isValid` accepts.
    @Test func patternAgreesWithIsValidUnderPythonRe() throws {
        let corpus =
            Self.validNames + Self.invalidNames + [
                "a.b.c.d.e.f.g", "0x1.com", "xn--", "xn--a", "a" + String(repeating: ".a", count: 126),
                "a" + String(repeating: ".a", count: 127), "\n", "example.com\n.", "Ex-Ample.Com",
            ]
        #expect(corpus.count >= 60)
        var writer = JSONWriter()
        writer.strings(corpus)
        let script = """
            import json, re, sys
            pattern = re.compile(sys.argv[1])
            names = json.loads(sys.stdin.buffer.read())
            print(json.dumps([pattern.search(name) is not None for name in names]))
            """
        let output = try ProcessRunner.python(script, [DomainName.pattern], stdin: Data(writer.bytes))
        try #require(output.status == 0, "\(output.stderrText)")
        let verdicts = try JSONDocument(parsing: output.stdout).root.elements.map(\.bool)
        try #require(verdicts.count == corpus.count)
        for (name, verdict) in zip(corpus, verdicts) {
            #expect(
                verdict == DomainName.isValid(name), "\(name.debugDescription): Python \(String(describing: verdict))")
        }
    }
}

@Suite struct DNSOwnerNameTests {
    @Test(arguments: [
        "_dmarc.example.com", "_sip._tcp.example.com", "*.example.com", "selector1._domainkey.Example.COM.",
        "example.com",
    ])
    func acceptsServiceLabelsAndLeadingWildcard(_ name: String) {
        #expect(DomainName.isValid(name, ownerName: true))
    }

    @Test(arguments: [
        "a.*.example.com", "**.example.com", "-x.example.com", "exa mple.com", "192.0.2.1", "", "_x-.example.com-",
        "*.1", "*.*", "*a", ".", "*..",
    ])
    func rejectsWhatNoOwnerNameLooksLike(_ name: String) {
        #expect(!DomainName.isValid(name, ownerName: true))
    }

    /// The wildcard at the root: `ownerNamePattern` (the published schema) always allowed a lone
    /// `*`, and the check refused it, so a schema-valid DNS answer was refused on import.
    @Test(arguments: [("*", "*"), ("*.", "*"), (" * ", "*")])
    func acceptsALoneWildcardAsTheSchemaDoes(name: String, canonical: String) {
        #expect(DomainName.isValid(name, ownerName: true))
        #expect(DomainName.validCanonical(name, ownerName: true) == canonical)
        #expect(DomainName.validCanonical(name) == nil, "a host name is never a wildcard")
    }

    @Test func ownerNamePatternAgreesWithTheCheckUnderPythonRe() throws {
        let names = [
            "_dmarc.example.com", "_sip._tcp.example.com", "*.example.com", "a.*.example.com", "**.example.com",
            "-x.example.com", "x-.example.com", "_x_.example.com", "exa mple.com", "192.0.2.1", "1.2.3.a4",
            "", ".", " _dmarc.example.com. ", "*", "*.", "*.1", "*.*", "_", "_1", "*._tcp",
            String(repeating: "a", count: 63) + ".com",
            String(repeating: "a", count: 64) + ".com",
        ]
        let script = """
            import json, re, sys
            pattern = re.compile(sys.argv[1])
            print(json.dumps([pattern.search(name) is not None for name in json.loads(sys.stdin.read())]))
            """
        let input = try JSONSerialization.data(withJSONObject: names)
        let output = try ProcessRunner.python(script, [DomainName.ownerNamePattern], stdin: input)
        #expect(output.status == 0, "\(output.stderrText)")
        let verdicts = try #require(try JSONSerialization.jsonObject(with: output.stdout) as? [Bool])
        #expect(verdicts == names.map { DomainName.isValid($0, ownerName: true) })
    }
}
