import DomainModel
import Foundation
import JSONCore

extension SampleStoreGenerator {
    func makeTrackedDomains(_ domains: [String], random: inout SeededRandom) -> [UInt8] {
        var writer = JSONWriter(capacity: domains.count * 300)
        writer.beginArray()
        var records: [TrackedDomain] = []
        for (index, domain) in domains.enumerated() {
            let added = day(-random.int(in: 30...1500), seconds: random.int(in: 0...86_399))
            let record = TrackedDomain(
                id: makeID(&random), domain: domain,
                displayName: random.chance(0.3) ? domain.split(separator: ".").first.map { $0.capitalized } : nil,
                notes: random.pick(SampleVocabulary.notes),
                tags: (0..<random.int(in: 0...3)).map { _ in random.pick(SampleVocabulary.tags) },
                status: random.chance(0.85) ? .active : (random.chance(0.5) ? .paused : .archived),
                isFavorite: random.chance(0.1), addedAt: added,
                lastLookupAt: random.chance(0.9)
                    ? day(-random.int(in: 0...29), seconds: random.int(in: 0...86_399)) : nil,
                expiresAt: random.chance(0.8) ? day(random.int(in: 10...900)) : nil)
            records.append(record)
            record.encode(to: &writer)
            if index == 2 { writeUnknownStatusRecord(&writer, random: &random) }
        }
        // Duplicates as an older app version wrote them: another id, mixed case, padding, a root dot.
        for (position, spelling) in [
            (0, { (name: String) in name.uppercased() }),
            (1, { (name: String) in "  \(name)  " }),
            (min(5, records.count - 1), { (name: String) in name.capitalized + "." }),
        ] {
            var duplicate = records[position]
            duplicate.id = makeID(&random)
            duplicate.domain = spelling(duplicate.domain)
            duplicate.addedAt = duplicate.addedAt.addingTimeInterval(86_400)
            duplicate.tags.append("imported")
            duplicate.encode(to: &writer)
        }
        // Malformed: no id; an invalid domain.
        writer.object { writer in
            writer.field("domain", "no-id-\(records.count).example")
            writer.field("addedAt", day(-3))
        }
        writer.object { writer in
            writer.field("id", makeID(&random))
            writer.field("domain", "exa mple..com")
            writer.field("addedAt", day(-3))
        }
        writer.endArray()
        return writer.takeBytes()
    }

    private func writeUnknownStatusRecord(_ writer: inout JSONWriter, random: inout SeededRandom) {
        writer.object { writer in
            writer.field("id", makeID(&random))
            writer.field("domain", "snoozed-\(seed % 1000).example.net")
            writer.field("notes", "Written by a newer DomainDig build.")
            writer.field("tags", [String]())
            writer.field("status", "snoozed")
            writer.field("isFavorite", false)
            writer.field("addedAt", day(-12))
            writer.key("reminder")
            writer.rawJSON(Array(#"{"every":"P30D","channel":"push"}"#.utf8))
        }
    }

    func makeLookupHistory(_ domains: [String], count: Int, random: inout SeededRandom) -> ([UInt8], [UUID]) {
        var writer = JSONWriter(capacity: count * 1900)
        var ids: [UUID] = []
        ids.reserveCapacity(count)
        writer.beginArray()
        var first: LookupSnapshot?
        for index in 0..<count {
            var snapshot = makeSnapshot(domain: random.pick(domains), random: &random)
            if index == 1 { snapshot.capturedAt = Date(timeIntervalSince1970: 86_400) } // 1970: out of sane bounds
            snapshot.encode(to: &writer)
            ids.append(snapshot.id)
            if first == nil { first = snapshot }
        }
        first?.encode(to: &writer) // an exact duplicate
        // Unreadable capture date: left out.
        writer.object { writer in
            writer.field("id", makeID(&random))
            writer.field("domain", domains[0])
            writer.field("capturedAt", "yesterday")
        }
        // A TTL of the wrong type: defaulted.
        writer.object { writer in
            writer.field("id", makeID(&random))
            writer.field("domain", domains[0])
            writer.field("capturedAt", day(-2))
            writer.field("dns") { writer in
                writer.key("records")
                writer.beginArray()
                writer.object { writer in
                    writer.field("type", "A")
                    writer.field("name", domains[0])
                    writer.field("value", "192.0.2.7")
                    writer.field("ttl", "3600")
                }
                writer.endArray()
            }
        }
        writer.endArray()
        return (writer.takeBytes(), ids)
    }

    func makeSnapshot(domain: String, random: inout SeededRandom) -> LookupSnapshot {
        let captured = day(-random.int(in: 0...720), seconds: random.int(in: 0...86_399))
        var records = (0..<random.int(in: 1...3)).map { _ in
            DNSRecord(
                type: .a, name: domain,
                value:
                    "\(random.int(in: 1...223)).\(random.int(in: 0...255)).\(random.int(in: 0...255)).\(random.int(in: 1...254))",
                ttl: random.pick([60, 300, 3600]))
        }
        if random.chance(0.6) {
            records.append(
                DNSRecord(
                    type: .aaaa, name: domain,
                    value:
                        "2001:db8:\(String(random.int(in: 0...65535), radix: 16))::\(String(random.int(in: 1...65535), radix: 16))",
                    ttl: 300))
        }
        for preference in [10, 20] where random.chance(0.7) {
            records.append(
                DNSRecord(
                    type: .mx, name: domain, value: "mx\(preference / 10).\(domain)", ttl: 3600, priority: preference))
        }
        records += (1...2).map { DNSRecord(type: .ns, name: domain, value: "ns\($0).dns-host.net", ttl: 86_400) }
        records.append(DNSRecord(type: .txt, name: domain, value: "v=spf1 include:_spf.\(domain) ~all", ttl: 3600))
        if random.chance(0.4) {
            records.append(DNSRecord(type: .caa, name: domain, value: "0 issue \"letsencrypt.org\"", ttl: 3600))
        }
        let registrar = random.pick(SampleVocabulary.registrars)
        let httpStatus = random.pick([200, 200, 200, 200, 301, 302, 403, 404, 503])
        return LookupSnapshot(
            id: makeID(&random), domain: domain, capturedAt: captured,
            trigger: random.pick([.manual, .monitoring, .monitoring, .workflow, .audit]),
            durationMs: random.int(in: 80...4000),
            dns: DNSLookupResult(
                resolver: "https://cloudflare-dns.com/dns-query", responseTimeMs: random.int(in: 5...300),
                records: records),
            registration: random.chance(0.8)
                ? RegistrationSummary(
                    source: random.chance(0.7) ? .rdap : .whois, registrar: registrar,
                    registrant: random.chance(0.3) ? "REDACTED FOR PRIVACY" : nil,
                    createdAt: day(-random.int(in: 400...9000)), updatedAt: day(-random.int(in: 1...399)),
                    expiresAt: day(random.int(in: 5...1200)),
                    nameServers: ["ns1.dns-host.net", "ns2.dns-host.net"],
                    statuses: Array(SampleVocabulary.eppStatuses.prefix(random.int(in: 1...3))),
                    dnssec: random.chance(0.25)) : nil,
            tls: random.chance(0.85)
                ? TLSCertificateSummary(
                    subject: "CN=\(domain)", issuer: random.pick(SampleVocabulary.issuers),
                    serialNumber: String(random.next(), radix: 16) + String(random.next(), radix: 16),
                    notBefore: captured.addingTimeInterval(-Double(random.int(in: 1...80)) * 86_400),
                    notAfter: captured.addingTimeInterval(Double(random.int(in: 1...89)) * 86_400),
                    subjectAltNames: [domain, "www.\(domain)"],
                    signatureAlgorithm: random.pick(["sha256WithRSAEncryption", "ecdsa-with-SHA256"]),
                    keyBits: random.pick([256, 2048, 4096]), chainValid: random.chance(0.95)) : nil,
            http: HTTPProbeResult(
                url: "https://\(domain)/", statusCode: httpStatus,
                finalURL: httpStatus / 100 == 3 ? "https://www.\(domain)/" : nil,
                redirectCount: httpStatus / 100 == 3 ? 1 : 0,
                responseTimeMs: random.int(in: 20...2500), server: random.pick(SampleVocabulary.servers),
                contentType: "text/html; charset=utf-8", hstsEnabled: random.chance(0.6),
                headers: [
                    StringPair(name: "cache-control", value: "max-age=\(random.pick([0, 60, 3600]))"),
                    StringPair(name: "x-frame-options", value: "SAMEORIGIN"),
                ]))
    }
}
