import DomainModel
import Foundation
import Testing

@Suite struct LookupSnapshotTests {
    static let id = "6f1c7c9e-2d4b-4a8e-9b1a-8d2f0c3e4a5b"
    static let dns =
        #"{"resolver":"https://cloudflare-dns.com/dns-query","responseTimeMs":23,"records":["#
        + #"{"type":"A","name":"example.com","value":"93.184.216.34","ttl":3600},"#
        + #"{"type":"MX","name":"example.com","value":"mail.example.com","ttl":300,"priority":10}]}"#
    static let registration =
        #"{"source":"rdap","registrar":"Example Registrar, Inc.","registrant":"Example Org","#
        + #""createdAt":"1995-08-14T04:00:00Z","updatedAt":"2026-08-14T07:01:38Z","expiresAt":"2027-08-13T04:00:00Z","#
        + #""nameServers":["a.iana-servers.net","b.iana-servers.net"],"statuses":["clientTransferProhibited"],"dnssec":true}"#
    static let tls =
        #"{"subject":"CN=example.com","issuer":"CN=DigiCert Global G2 TLS RSA SHA256 2020 CA1,O=DigiCert Inc,C=US","#
        + #""serialNumber":"0ad893bafa68b0b7fb7a404f06ecaf9a","notBefore":"2026-01-13T00:00:00Z","notAfter":"2027-01-13T23:59:59Z","#
        + #""subjectAltNames":["example.com","*.example.com"],"signatureAlgorithm":"sha256WithRSAEncryption","keyBits":2048,"chainValid":true}"#
    static let http =
        #"{"url":"https://example.com/","statusCode":200,"finalURL":"https://www.example.com/","redirectCount":1,"#
        + #""responseTimeMs":118,"server":"ECS (dcb/7F83)","contentType":"text/html; charset=UTF-8","hstsEnabled":true,"#
        + #""headers":{"Cache-Control":"max-age=604800","X-Frame-Options":"DENY"}}"#
    static let full =
        #"{"id":"\#(id)","domain":"example.com","capturedAt":"2026-11-30T04:42:22.125Z","trigger":"monitoring","#
        + #""durationMs":842,"dns":\#(dns),"registration":\#(registration),"tls":\#(tls),"http":\#(http)}"#

    static func snapshot(_ probes: String = "") -> String {
        #"{"id":"\#(id)","domain":"example.com","capturedAt":"2026-11-30T04:42:22Z"\#(probes)}"#
    }

    @Test func fullSnapshotRoundTripsCanonically() throws {
        let (snapshot, issues) = try expectCanonicalRoundTrip(Self.full, as: LookupSnapshot.self, canonical: Self.full)
        #expect(issues.isEmpty)
        #expect(snapshot.trigger == Lenient(.monitoring))
        #expect(snapshot.dns?.records.map(\.type.value) == [.a, .mx])
        #expect(snapshot.dns?.records.last?.priority == 10)
        #expect(snapshot.registration?.source == Lenient(.rdap))
        #expect(snapshot.registration?.expiresAt == Sample.date("2027-08-13T04:00:00Z"))
        #expect(snapshot.tls?.keyBits == 2048)
        #expect(
            snapshot.http?.headers == [
                StringPair(name: "Cache-Control", value: "max-age=604800"),
                StringPair(name: "X-Frame-Options", value: "DENY"),
            ])
    }

    @Test func minimalSnapshotTakesEveryDefault() throws {
        let (snapshot, issues) = try expectCanonicalRoundTrip(
            Self.snapshot(), as: LookupSnapshot.self,
            canonical:
                #"{"id":"\#(Self.id)","domain":"example.com","capturedAt":"2026-11-30T04:42:22Z","trigger":"manual","durationMs":0}"#
        )
        #expect(issues.isEmpty)
        #expect(snapshot.dns == nil && snapshot.registration == nil && snapshot.tls == nil && snapshot.http == nil)
    }

    @Test func minimalProbesTakeEveryDefault() throws {
        let probes =
            #","dns":{"records":[{"name":"Example.COM.","value":"v=spf1 -all"}]},"registration":{},"#
            + #""tls":{"subject":"CN=example.com","issuer":"CN=Example CA"},"http":{"url":"https://example.com/","statusCode":404}"#
        let (snapshot, issues) = try expectCanonicalRoundTrip(
            Self.snapshot(probes), as: LookupSnapshot.self,
            canonical:
                #"{"id":"\#(Self.id)","domain":"example.com","capturedAt":"2026-11-30T04:42:22Z","trigger":"manual","durationMs":0,"#
                + #""dns":{"records":[{"type":"TXT","name":"example.com","value":"v=spf1 -all","ttl":0}]},"#
                + #""registration":{"source":"whois","nameServers":[],"statuses":[],"dnssec":false},"#
                + #""tls":{"subject":"CN=example.com","issuer":"CN=Example CA","subjectAltNames":[],"chainValid":false},"#
                + #""http":{"url":"https://example.com/","statusCode":404,"redirectCount":0,"hstsEnabled":false,"headers":{}}}"#
        )
        #expect(issues.isEmpty)
        #expect(snapshot.dns?.resolver == nil)
        #expect(snapshot.registration?.registrar == nil)
        #expect(snapshot.tls?.notAfter == nil)
        #expect(snapshot.http?.finalURL == nil)
    }

    @Test func unknownEnumValuesKeepTheirTextAtEveryLevel() throws {
        let probes =
            #","trigger":"scheduled","dns":{"records":[{"type":"HTTPS","name":"example.com","value":"1 . alpn=h2","ttl":60}]},"#
            + #""registration":{"source":"epp"}"#
        let (snapshot, issues) = try expectCanonicalRoundTrip(Self.snapshot(probes), as: LookupSnapshot.self)
        #expect(snapshot.trigger.value == .manual && snapshot.trigger.rawValue == "scheduled")
        #expect(snapshot.dns?.records.first?.type.value == .txt)
        #expect(snapshot.dns?.records.first?.type.rawValue == "HTTPS")
        #expect(snapshot.registration?.source.value == .whois && snapshot.registration?.source.rawValue == "epp")
        #expect(
            issueSummary(issues) == [
                "unknownEnumValue .dns.records[0].type", "unknownEnumValue .registration.source",
                "unknownEnumValue .trigger",
            ])
        let text = RecordJSON.text(snapshot)
        #expect(
            text.contains(#""trigger":"scheduled""#) && text.contains(#""type":"HTTPS""#)
                && text.contains(#""source":"epp""#))
    }

    @Test func malformedPartsAreDroppedAndTheSnapshotSurvives() throws {
        let probes =
            #","durationMs":-5,"dns":{"responseTimeMs":"fast","records":[{"type":"A","name":"example.com","value":"192.0.2.1","ttl":-1,"priority":70000},"#
            + #"{"type":"A","value":"192.0.2.2"},{"type":"TXT","name":"_dmarc.example.com","value":"v=DMARC1"}]},"#
            + #""registration":{"nameServers":["NS1.Example.net.","not a host"],"statuses":["ok",3],"dnssec":"yes"},"#
            + #""tls":{"subject":"CN=example.com"},"http":{"url":"https://example.com/","statusCode":700}"#
        let (snapshot, issues) = try RecordJSON.decode(Self.snapshot(probes), as: LookupSnapshot.self)
        #expect(snapshot.durationMs == 0)
        #expect(snapshot.dns?.responseTimeMs == nil)
        // `_dmarc` is a valid DNS owner name: service labels are kept.
        #expect(
            snapshot.dns?.records == [
                DNSRecord(type: .a, name: "example.com", value: "192.0.2.1", ttl: 0),
                DNSRecord(type: .txt, name: "_dmarc.example.com", value: "v=DMARC1", ttl: 0),
            ])
        #expect(snapshot.registration?.nameServers == ["ns1.example.net"])
        #expect(snapshot.registration?.statuses == ["ok"])
        #expect(snapshot.registration?.dnssec == false)
        #expect(snapshot.tls == nil)
        #expect(snapshot.http == nil)
        #expect(
            issueSummary(issues) == [
                "defaultedField .dns.records[0].priority", "defaultedField .dns.records[0].ttl",
                "defaultedField .dns.responseTimeMs",
                "defaultedField .durationMs", "defaultedField .http.statusCode", "defaultedField .registration.dnssec",
                "defaultedField .tls.issuer", "skippedElement .dns.records[1].name",
                "skippedElement .registration.nameServers[1]", "skippedElement .registration.statuses[1]",
            ])
    }

    @Test(arguments: [
        (#"{"domain":"example.com","capturedAt":"2026-11-30T04:42:22Z"}"#, ".id"),
        (#"{"id":"6f1c7c9e-2d4b-4a8e-9b1a-8d2f0c3e4a5b","capturedAt":"2026-11-30T04:42:22Z"}"#, ".domain"),
        (
            #"{"id":"6f1c7c9e-2d4b-4a8e-9b1a-8d2f0c3e4a5b","domain":"-example.com","capturedAt":"2026-11-30T04:42:22Z"}"#,
            ".domain"
        ),
        (#"{"id":"6f1c7c9e-2d4b-4a8e-9b1a-8d2f0c3e4a5b","domain":"example.com"}"#, ".capturedAt"),
        (
            #"{"id":"6f1c7c9e-2d4b-4a8e-9b1a-8d2f0c3e4a5b","domain":"example.com","capturedAt":"2026-11-30"}"#,
            ".capturedAt"
        ),
    ])
    func requiredFieldProblemRejectsTheSnapshot(json: String, path: String) {
        #expect(rejectionPath(json, as: LookupSnapshot.self) == path)
    }

    @Test func duplicatesByIDMergeFillingMissingProbes() {
        let upper = Self.id.uppercased()
        let json =
            "["
            + [
                #"{"id":"\#(Self.id)","domain":"example.com","capturedAt":"2026-11-30T04:42:22Z","dns":{"records":[]}}"#,
                #"{"id":"\#(Sample.idText(2))","domain":"example.org","capturedAt":"2026-11-30T04:42:22Z"}"#,
                #"{"id":"\#(upper)","domain":"other.example","capturedAt":"2026-11-30T05:00:00Z","trigger":"workflow","#
                    + #""dns":{"records":[{"name":"example.com","value":"x"}]},"http":{"url":"https://example.com/","statusCode":200}}"#,
            ].joined(separator: ",") + "]"
        let decoded = RecordJSON.collection(json, as: LookupSnapshot.self)
        #expect(decoded.duplicatesMerged == 1)
        #expect(decoded.records.map(\.domain) == ["example.com", "example.org"])
        let merged = decoded.records[0]
        #expect(merged.trigger == Lenient(.manual))
        #expect(merged.capturedAt == Sample.date("2026-11-30T04:42:22Z"))
        #expect(merged.dns == DNSLookupResult(records: []))
        #expect(merged.http == HTTPProbeResult(url: "https://example.com/", statusCode: 200))
    }

    @Test func mergeIsIdempotentAndReMergingChangesNothing() throws {
        let (full, _) = try RecordJSON.decode(Self.full, as: LookupSnapshot.self)
        #expect(full.merged(with: full) == full)
        var partial = full
        partial.tls = nil
        partial.http = nil
        var other = full
        other.dns = nil
        other.trigger = Lenient(.audit)
        var collection = RecordCollection([partial])
        #expect(collection.insert(other) == .merged)
        #expect(collection.insert(other) == .unchanged)
        #expect(collection.insert(partial) == .unchanged)
        #expect(collection.records == [full])
    }
}
