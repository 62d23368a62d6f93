import Foundation
import JSONCore
import Testing

@testable import DomainModel

/// A record's generated `transcode` (`RecordTranscoder`) must write exactly what decoding then
/// encoding writes, and only for a record decoding takes as it is: anything decoding works
/// around, reports or keeps aside (an unknown field) makes it give up, and export decodes the
/// record instead.
@Suite struct RecordTranscoderTests {
    /// A stored record both ways: transcoded (nil when the transcoder gave up) and decoded then
    /// encoded (nil when it does not decode), with whether decoding worked anything around.
    struct Outcome {
        var transcoded: String?
        var reference: String?
        var workedAround = false
    }

    static func outcome<Record: JSONRecord>(_ text: String, as type: Record.Type) throws -> Outcome {
        let document = try JSONDocument(parsing: Array(text.utf8))
        var writer = JSONWriter()
        writer.beginArray()
        let mark = writer.mark
        var outcome = Outcome()
        if Record.transcode(document.view, at: document.root.tapeIndex, checking: false, into: &writer) {
            outcome.transcoded = String(decoding: writer.bytes.dropFirst(), as: UTF8.self)
        } else {
            writer.rewind(to: mark)
            #expect(writer.bytes == Array("[".utf8), "a rewind forgets what was written")
        }
        if let (record, issues) = try? Record.decode(document.root) {
            outcome.reference = RecordJSON.text(record)
            outcome.workedAround = !issues.isEmpty || !record.unknownFields.fields.isEmpty
        }
        return outcome
    }

    /// Checks `text` transcodes (or not, as `transcodes` says) and that what it writes is
    /// decoding's.
    static func expectTranscoding<Record: JSONRecord>(
        _ text: String, as type: Record.Type, transcodes: Bool, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let outcome = try outcome(text, as: Record.self)
        #expect((outcome.transcoded != nil) == transcodes, "\(text)", sourceLocation: sourceLocation)
        if let transcoded = outcome.transcoded {
            #expect(transcoded == outcome.reference, sourceLocation: sourceLocation)
            #expect(!outcome.workedAround, "a record decoding works around is decoded", sourceLocation: sourceLocation)
        } else {
            #expect(
                outcome.reference == nil || outcome.workedAround || !transcodes, "\(text)",
                sourceLocation: sourceLocation)
        }
    }

    /// A snapshot with every probe and every kind of field a snapshot has, written as the app
    /// might: an id in upper case, a domain not in canonical form, a timestamp with an offset,
    /// strings with escapes, a header given twice.
    static let snapshot = #"""
        {"id":"3F2504E0-4F89-11D3-9A0C-0305E82C3301","domain":" Example.COM. ","capturedAt":"2026-11-30T05:42:22.5+01:00",
         "trigger":"monitoring","durationMs":1200,
         "dns":{"resolver":"https://dns.example/dns-query","responseTimeMs":12,"error":null,"records":[
           {"type":"A","name":"example.com","value":"93.184.216.34","ttl":300},
           {"type":"MX","name":"_srv.Example.com","value":"mail.example.com","priority":10},
           {"type":"TXT","name":"*","value":"v=spf1 \"-all\" \u00e9\u2028"}]},
         "registration":{"source":"rdap","registrar":"R\u00e9gistrar","createdAt":"1995-08-14T04:00:00Z",
           "nameServers":["a.iana-servers.net","b.iana-servers.net"],"statuses":["clientTransferProhibited"],"dnssec":true},
         "tls":{"subject":"CN=example.com","issuer":"CN=CA","notAfter":"2027-01-01T00:00:00Z",
           "subjectAltNames":["*.example.com","example.com"],"keyBits":2048,"chainValid":true},
         "http":{"url":"https://example.com/","statusCode":200,"redirectCount":1,
           "headers":{"server":"ECS","x-\u0041":"1","server":"again"},"hstsEnabled":false}}
        """#

    @Test func aSnapshotWithEveryProbeIsTranscodedAsDecodingWritesIt() throws {
        try Self.expectTranscoding(Self.snapshot, as: LookupSnapshot.self, transcodes: true)
    }

    @Test(arguments: [
        // Absent and null fields take their defaults, or are left out.
        (#""trigger":"monitoring","durationMs":1200,"#, ""),
        (#""trigger":"monitoring""#, #""trigger":null"#),
        (#""resolver":"https://dns.example/dns-query""#, #""resolver":null"#),
        (#""error":null"#, #""error":"timeout""#),
        (#""statuses":["clientTransferProhibited"]"#, #""statuses":[]"#),
        (#""headers":{"server":"ECS","x-\u0041":"1","server":"again"}"#, #""headers":null"#),
    ])
    func whatDecodingTakesAsItIsIsTranscoded(replacing: String, with: String) throws {
        let text = Self.snapshot.replacingOccurrences(of: replacing, with: with)
        #expect(text != Self.snapshot)
        try Self.expectTranscoding(text, as: LookupSnapshot.self, transcodes: true)
    }

    @Test(arguments: [
        ("a missing required field", #""capturedAt":"2026-11-30T05:42:22.5+01:00","#, ""),
        ("an id that is not one", "3F2504E0-4F89-11D3-9A0C-0305E82C3301", "3F2504E0"),
        ("an invalid domain", " Example.COM. ", "-bad-.com"),
        ("a domain with escapes", " Example.COM. ", #"exampl\u0065.com"#),
        ("an unknown enum value", #""trigger":"monitoring""#, #""trigger":"cron""#),
        ("an enum value with escapes", #""trigger":"monitoring""#, #""trigger":"m\u006fnitoring""#),
        ("an integer out of range", #""durationMs":1200"#, #""durationMs":-1"#),
        ("a fraction", #""durationMs":1200"#, #""durationMs":1.5"#),
        ("a string of the wrong type", #""resolver":"https://dns.example/dns-query""#, #""resolver":7"#),
        ("a malformed list element", #"{"type":"A","name":"example.com""#, #"{"type":"A""#),
        ("a list that is an object", #""statuses":["clientTransferProhibited"]"#, #""statuses":{}"#),
        ("a list element of the wrong type", #""statuses":["clientTransferProhibited"]"#, #""statuses":[1]"#),
        ("a repeated name server", #""b.iana-servers.net""#, #""a.iana-servers.net""#),
        ("a name server to canonicalise", #""b.iana-servers.net""#, #""B.iana-servers.net""#),
        ("a header that is not a string", #""x-\u0041":"1""#, #""x-\u0041":1"#),
        ("a Boolean of the wrong type", #""dnssec":true"#, #""dnssec":"yes""#),
        ("a nested record missing a required field", #""statusCode":200,"#, ""),
        ("an unknown field", #""trigger""#, #""future":[1,{"a":2}],"trigger""#),
        ("an unknown field in a nested record", #""dnssec":true"#, #""dnssec":true,"future":1"#),
        ("a repeated key", #""trigger":"monitoring""#, #""trigger":"monitoring","trigger":"audit""#),
    ])
    func whatDecodingWorksAroundIsLeftToDecoding(_ case: String, replacing: String, with: String) throws {
        let text = Self.snapshot.replacingOccurrences(of: replacing, with: with)
        #expect(text != Self.snapshot, "\(`case`)")
        let outcome = try Self.outcome(text, as: LookupSnapshot.self)
        #expect(outcome.transcoded == nil, "\(`case`)")
    }

    /// The snapshot as validation's decoding finds clean: canonical names, one header of a
    /// name.
    static let cleanSnapshot = snapshot.replacingOccurrences(of: " Example.COM. ", with: "example.com")
        .replacingOccurrences(of: "_srv.Example.com", with: "_srv.example.com")
        .replacingOccurrences(of: #","server":"again""#, with: "")

    /// Whether the record transcodes `checking`, and whether validation's decoding finds it clean.
    static func checkingOutcome(_ text: String) throws -> (transcoded: Bool, clean: Bool) {
        let document = try JSONDocument(parsing: Array(text.utf8))
        var writer = JSONWriter()
        let transcoded = LookupSnapshot.transcode(
            document.view, at: document.root.tapeIndex, checking: true, into: &writer)
        let clean = (try? LookupSnapshot.decodeChecking(document.root))?.isClean ?? false
        if transcoded { #expect(writer.bytes == (try LookupSnapshot.decode(document.root)).0.canonicalJSON) }
        return (transcoded, clean)
    }

    @Test func checkingACleanRecordIsTranscoded() throws {
        #expect(try Self.checkingOutcome(Self.cleanSnapshot) == (true, true))
        // What decoding takes but notices is transcoded only when not checking.
        #expect(try Self.checkingOutcome(Self.snapshot) == (false, false))
        try Self.expectTranscoding(Self.snapshot, as: LookupSnapshot.self, transcodes: true)
    }

    @Test(arguments: [
        ("a domain not in canonical form", #""domain":"example.com""#, #""domain":"Example.com""#),
        ("an owner name not in canonical form", "_srv.example.com", "_srv.Example.com."),
        ("a date before the plausible range", "1995-08-14T04:00:00Z", "1970-01-01T00:00:00Z"),
        ("a date after the plausible range", "2027-01-01T00:00:00Z", "2100-01-01T00:00:00.001Z"),
        ("a header given twice", #""server":"ECS""#, #""server":"ECS","server":"again""#),
    ])
    func checkingWhatValidationNoticesIsLeftToDecoding(_ case: String, replacing: String, with: String) throws {
        let text = Self.cleanSnapshot.replacingOccurrences(of: replacing, with: with)
        #expect(text != Self.cleanSnapshot, "\(`case`)")
        #expect(try Self.checkingOutcome(text) == (false, false), "\(`case`)")
        try Self.expectTranscoding(text, as: LookupSnapshot.self, transcodes: true)
    }

    @Test func aValueThatIsNotAnObjectIsNotTranscoded() throws {
        for text in ["3", "[]", "null", #""x""#] {
            #expect(try Self.outcome(text, as: LookupSnapshot.self).transcoded == nil, "\(text)")
            #expect(try Self.outcome(text, as: DNSLookupResult.self).transcoded == nil, "\(text)")
        }
    }

    @Test func theNaturalKeyIsTheOneDecodingGives() throws {
        let document = try JSONDocument(parsing: Array(Self.snapshot.utf8))
        var writer = JSONWriter()
        let key = LookupSnapshot.transcodeKeyed(
            document.view, at: document.root.tapeIndex, checking: false, into: &writer)
        #expect(key == (try LookupSnapshot.decode(document.root)).0.naturalKey)
        #expect(key == UUID(uuidString: "3F2504E0-4F89-11D3-9A0C-0305E82C3301"))
    }

    @Test(arguments: ["host.example.com", " Host.Example.COM. "])
    func aDomainNaturalKeyIsTheCanonicalNameWritten(_ name: String) throws {
        let document = try JSONDocument(parsing: Array(#"{"domain":"\#(name)"}"#.utf8))
        var fields = try #require(RecordTranscoder(document.view, at: document.root.tapeIndex, checking: false))
        var writer = JSONWriter()
        var key: String?
        writer.beginObject()
        #expect(fields.domain("domain", required: true, &writer, naturalKey: &key))
        writer.endObject()
        let canonical = try #require(DomainName.validCanonical(name))
        #expect(key == canonical)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"{"domain":"\#(canonical)"}"#)
    }

    @Test func everyRecordWithATranscoderWritesWhatDecodingWrites() throws {
        let clean: [(any JSONRecord.Type, String)] = [
            (
                MonitoringLogEntry.self,
                #"{"id":"\#(Sample.idText(1))","domain":"Example.com","checkedAt":"2026-01-01T00:00:00Z","severity":"high","snapshotId":"\#(Sample.idText(2))"}"#
            ),
            (
                LedgerEntry.self,
                #"{"id":"\#(Sample.idText(3))","at":"2026-01-01T00:00:00Z","amount":-5,"kind":"spend","note":"a\nb","domain":"EXAMPLE.org"}"#
            ),
            (CachedEntitlement.self, #"{"productId":"pro.yearly","tier":"pro","verifiedAt":"2026-01-01T00:00:00Z"}"#),
            (WorkflowStep.self, #"{"id":"s1","kind":"notify","parameters":{"channel":"email"}}"#),
        ]
        for (type, text) in clean {
            try Self.expectTranscoding(text, as: type, transcodes: true)
        }
        // A blank required string (`nonEmpty`) does not decode: nor does it transcode.
        try Self.expectTranscoding(#"{"id":" \t","kind":"notify"}"#, as: WorkflowStep.self, transcodes: false)
        try Self.expectTranscoding(
            #"{"productId":"\u0020","verifiedAt":"2026-01-01T00:00:00Z"}"#, as: CachedEntitlement.self,
            transcodes: false)
    }

    @Test func aRecordWithoutATranscoderIsAlwaysDecoded() throws {
        let text = #"{"id":"\#(Sample.idText(1))","domain":"example.com","addedAt":"2026-01-01T00:00:00Z"}"#
        try Self.expectTranscoding(text, as: TrackedDomain.self, transcodes: false)
        #expect(try Self.outcome(text, as: TrackedDomain.self).reference != nil)
    }

    /// Every element of a large stored array with duplicates and malformed records: those
    /// transcoded are written as decoding writes them, and most are.
    @Test func mostOfALargeStoredArrayIsTranscoded() throws {
        let document = try JSONDocument(parsing: ParallelCollectionDecoderTests.largeBlob())
        var transcoded = 0
        var count = 0
        for element in document.root.elements {
            count += 1
            var writer = JSONWriter()
            guard LookupSnapshot.transcode(document.view, at: element.tapeIndex, checking: false, into: &writer) else {
                continue
            }
            transcoded += 1
            let (record, issues) = try LookupSnapshot.decode(element)
            #expect(writer.bytes == record.canonicalJSON && issues.isEmpty)
        }
        #expect(transcoded > count / 2 && transcoded < count)
    }
}
