import DomainModel
import Foundation
import JSONCore
import TestSupport
import Testing

@Suite struct AppPreferencesTests {
    static let full =
        #"{"resolverURL":"https://dns.google/dns-query","displayDensity":"compact","showRawRecords":true}"#

    @Test func fullPreferencesRoundTripCanonically() throws {
        try expectFullRecordRoundTrip(
            Self.full,
            reads: AppPreferences(
                resolverURL: "https://dns.google/dns-query", displayDensity: .compact, showRawRecords: true))
    }

    @Test func emptyObjectIsTheFreshInstallDefaults() throws {
        let (preferences, issues) = try expectCanonicalRoundTrip(
            "{}", as: AppPreferences.self,
            canonical:
                #"{"resolverURL":"https://cloudflare-dns.com/dns-query","displayDensity":"standard","showRawRecords":false}"#
        )
        #expect(issues.isEmpty)
        #expect(preferences == .defaults)
    }

    @Test func invalidValuesTakeDefaults() throws {
        let json = #"{"resolverURL":"http://dns.example/dns-query","displayDensity":2,"showRawRecords":"true"}"#
        let (preferences, issues) = try RecordJSON.decode(json, as: AppPreferences.self)
        #expect(preferences == .defaults)
        #expect(
            issueSummary(issues) == [
                "defaultedField .displayDensity", "defaultedField .resolverURL", "defaultedField .showRawRecords",
            ])
        #expect(
            issues.first?.message
                == #"must be an https:// URL, not "http://dns.example/dns-query"; the default was used"#)
        let (_, typeIssues) = try RecordJSON.decode(#"{"resolverURL":42}"#, as: AppPreferences.self)
        #expect(issueSummary(typeIssues) == ["defaultedField .resolverURL"])
    }

    @Test func unknownDensityKeepsItsText() throws {
        let (preferences, issues) = try expectCanonicalRoundTrip(#"{"displayDensity":"cozy"}"#, as: AppPreferences.self)
        #expect(preferences.displayDensity.value == .standard && preferences.displayDensity.rawValue == "cozy")
        #expect(issueSummary(issues) == ["unknownEnumValue .displayDensity"])
    }

    static let resolverCorpus: [String] = [
        "https://cloudflare-dns.com/dns-query", "https://dns.google/dns-query", "https://1.1.1.1/dns-query",
        "https://dns.example",
        "https://dns.example/", "https://dns.example:8443/dns-query", "https://dns.example?dns=AAAB",
        "https://dns.example#frag",
        "https://dns.example/q?x=1#f", "https://user@dns.example/", "https://[2606:4700::1111]/dns-query",
        "http://dns.example/dns-query", "HTTPS://dns.example/", "https://", "https:///dns-query", "https://?x",
        "https://#x",
        "https://dns example/", "https://dns.example/a b", "https://dns.example/\t", " https://dns.example/",
        "https://dns.example/ ", "", "dns.example", "https://dns.example/\u{00A0}x", "https:/dns.example",
        // Combining marks and the edges of white space, read scalar by scalar as the pattern reads them.
        "https://\u{301}dns.example", "https://dns.example/\u{301}", "https://\u{301}", "https:/\u{301}/dns.example",
        "https://dns.example/ \u{301}", "https:///\u{301}", "https://dns.example/\u{85}", "https://dns.example/\u{1C}",
        "https://dns.example/\u{FEFF}", "https://dns.example/\u{3000}", "https://dns.example/\u{200B}",
    ]

    @Test(arguments: [
        ("https://cloudflare-dns.com/dns-query", true), ("https://dns.example", true),
        ("https://dns.example?dns=AAAB", true),
        ("http://dns.example/", false), ("https://", false), ("https:///path", false),
        ("https://dns.example/a b", false),
    ])
    func resolverURLMustBeHTTPSWithAHost(text: String, valid: Bool) {
        #expect(AppPreferences.isResolverURL(text) == valid)
    }

    /// A combining mark after `https://` or `/` joins that character into one `Character`;
    /// the pattern in the published schema reads scalars, and so does the check now, so the
    /// decoder keeps what the schema allows (it once replaced such a URL by the default).
    @Test(arguments: [
        ("https://\u{301}dns.example", true), ("https://dns.example/\u{301}", true),
        ("https://dns.example/x \u{301}", false), ("https:///\u{301}", false), ("https://dns.example/\u{1C}", true),
        ("https://dns.example/\u{85}", false),
    ])
    func readsTheURLScalarByScalarAsThePatternDoes(text: String, valid: Bool) throws {
        #expect(AppPreferences.isResolverURL(text) == valid)
        guard valid else { return }
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("resolverURL")
        writer.string(text)
        writer.endObject()
        let (preferences, issues) = try RecordJSON.decode(
            String(decoding: writer.bytes, as: UTF8.self), as: AppPreferences.self)
        #expect(issues.isEmpty)
        #expect(preferences.resolverURL.unicodeScalars.elementsEqual(text.unicodeScalars))
    }

    /// `resolverURLPattern` (published in the JSON Schema) under Python's `re` accepts exactly
    /// what the decoder accepts.
    @Test func resolverPatternAgreesWithDecoderUnderPythonRe() throws {
        var writer = JSONWriter()
        writer.strings(Self.resolverCorpus)
        let script = """
            import json, re, sys
            pattern = re.compile(sys.argv[1])
            print(json.dumps([pattern.search(text) is not None for text in json.loads(sys.stdin.buffer.read())]))
            """
        let output = try ProcessRunner.python(script, [AppPreferences.resolverURLPattern], stdin: Data(writer.bytes))
        try #require(output.status == 0, "\(output.stderrText)")
        let verdicts = try JSONDocument(parsing: output.stdout).root.elements.map(\.bool)
        try #require(verdicts.count == Self.resolverCorpus.count)
        for (text, verdict) in zip(Self.resolverCorpus, verdicts) {
            #expect(
                verdict == AppPreferences.isResolverURL(text),
                "\(text.debugDescription): Python \(String(describing: verdict))")
        }
    }
}
