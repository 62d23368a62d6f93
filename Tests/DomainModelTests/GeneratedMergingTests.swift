import DomainModel
import Foundation
import TestSupport
import Testing

/// The merge rules the declarations generate against the hand-written ones they replaced
/// (`legacyMerged(with:)`, Support/LegacyMerging.swift): over many pairs of records drawn from
/// small pools of field values — so ties, absent values, duplicates within and across lists and
/// clashing unknown fields are common — both orders merge to the same bytes, and a record merged
/// with itself is unchanged (the streaming merge relies on it).
@Suite struct GeneratedMergingTests {
    /// A record's JSON members as choices of value text; nil leaves the member out.
    typealias Pools = KeyValuePairs<String, [String?]>

    static let dates: [String?] = [
        nil, #""2026-11-30T04:40:00Z""#, #""2026-11-30T04:42:22.125Z""#, #""2026-12-01T00:00:00Z""#,
    ]
    static let someDate = dates.compactMap { $0 }
    static let id: [String?] = [#""\#(Sample.idText(1))""#]
    static let unknown: Pools = ["extra": [nil, "1", #""a""#], "more": [nil, #"{"k":true}"#, "[2]"]]

    /// Lists of up to five of `elements` (repeats allowed), and the empty list and absence.
    static func lists(_ elements: [String], seed: UInt64) -> [String?] {
        var random = SeededGenerator(seed: seed)
        let drawn = (0..<8).map { _ in
            "["
                + (0..<Int.random(in: 1...5, using: &random)).map { _ in random.pick(elements) }
                .joined(separator: ",") + "]"
        }
        return [nil, "[]"] + drawn
    }

    static func record<Record: JSONRecord>(_ pools: Pools, _ random: inout SeededGenerator) throws -> Record {
        let members = (Array(pools) + Array(unknown)).compactMap { key, values in
            random.pick(values).map { #""\#(key)":\#($0)"# }
        }
        return try RecordJSON.decode("{\(members.joined(separator: ","))}", as: Record.self).record
    }

    static func expectSameMerges<Record: MergeableRecord & Equatable>(
        _ pools: Pools, seed: UInt64, legacy: (Record, Record) -> Record,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        var random = SeededGenerator(seed: seed)
        for _ in 0..<400 {
            let first: Record = try record(pools, &random)
            let second: Record = try record(pools, &random)
            for (one, other) in [(first, second), (second, first)] {
                let (merged, expected) = (one.merged(with: other), legacy(one, other))
                #expect(
                    merged == expected && merged.canonicalJSON == expected.canonicalJSON,
                    "\(RecordJSON.text(one)) + \(RecordJSON.text(other)): \(RecordJSON.text(merged)), not \(RecordJSON.text(expected))",
                    sourceLocation: sourceLocation)
            }
            #expect(first.merged(with: first) == first, "\(RecordJSON.text(first))", sourceLocation: sourceLocation)
        }
    }

    @Test func auditSession() throws {
        let checks = [
            #"{"id":"dns.spf"}"#, #"{"id":"dns.spf","result":"pass","x":1}"#, #"{"id":"tls.expiry","title":"T"}"#,
            #"{"id":"tls.expiry","x":"y"}"#, #"{"id":"dns.caa","severity":"high"}"#,
        ]
        let pools: Pools = [
            "id": Self.id, "domain": [#""example.com""#], "startedAt": Self.someDate, "completedAt": Self.dates,
            "status": [nil, #""completed""#, #""failed""#], "score": [nil, "0", "87"],
            "checks": Self.lists(checks, seed: 1),
        ]
        try Self.expectSameMerges(pools, seed: 11) { (one: AuditSession, other) in one.legacyMerged(with: other) }
    }

    @Test func lookupSnapshot() throws {
        let pools: Pools = [
            "id": Self.id, "domain": [#""example.com""#], "capturedAt": Self.someDate,
            "trigger": [nil, #""scheduled""#],
            "durationMs": [nil, "5"], "dns": [nil, #"{"resolver":"1.1.1.1"}"#, #"{"records":[],"x":1}"#],
            "registration": [nil, #"{"registrar":"R"}"#, #"{"dnssec":true}"#],
            "tls": [nil, #"{"subject":"s","issuer":"i"}"#, #"{"subject":"t","issuer":"i"}"#],
            "http": [nil, #"{"url":"https://a","statusCode":200}"#, #"{"url":"https://b","statusCode":301}"#],
        ]
        try Self.expectSameMerges(pools, seed: 12) { (one: LookupSnapshot, other) in one.legacyMerged(with: other) }
    }

    @Test func monitoringLogEntry() throws {
        let pools: Pools = [
            "id": Self.id, "domain": [#""example.com""#], "checkedAt": Self.someDate, "event": [nil, #""tlsExpiry""#],
            "severity": [nil, #""high""#], "message": [nil, #""m""#, #""n""#],
            "snapshotId": [nil, #""\#(Sample.idText(2))""#, #""\#(Sample.idText(3))""#],
            "acknowledged": [nil, "true", "false"],
        ]
        try Self.expectSameMerges(pools, seed: 13) { (one: MonitoringLogEntry, other) in one.legacyMerged(with: other) }
    }

    @Test func monitoringSettings() throws {
        let pools: Pools = [
            "isEnabled": [nil, "true", "false"], "intervalMinutes": [nil, "5", "60"],
            "monitoredDomains": Self.lists([#""a.com""#, #""b.com""#, #""C.com""#, #""c.com""#], seed: 2),
            "notifyOn": Self.lists([#""dnsChange""#, #""tlsExpiry""#, #""unreachable""#, #""weird""#], seed: 3),
            "expiryWarningDays": [nil, "30"],
            "quietHours": [nil, #"{"start":"22:00","end":"07:00"}"#, #"{"start":"23:00","end":"06:00","x":1}"#],
            "channels": Self.lists([#""push""#, #""email""#, #""webhook""#], seed: 4),
            "webhookURL": [nil, #""""#, #""https://h""#, #""https://i""#],
        ]
        try Self.expectSameMerges(pools, seed: 14) { (one: MonitoringSettings, other) in one.legacyMerged(with: other) }
    }

    @Test func cachedEntitlement() throws {
        let pools: Pools = [
            "productId": [#""p""#, #""q""#], "tier": [nil, #""pro""#], "purchasedAt": Self.dates,
            "expiresAt": Self.dates,
            "isTrial": [nil, "true"], "originalTransactionId": [nil, #""t""#], "verifiedAt": Self.someDate,
        ]
        try Self.expectSameMerges(pools, seed: 15) { (one: CachedEntitlement, other) in one.legacyMerged(with: other) }
    }

    @Test func ledgerEntry() throws {
        let pools: Pools = [
            "id": Self.id, "at": Self.someDate, "amount": ["1", "-5"], "kind": [nil, #""purchase""#],
            "note": [nil, #""n""#],
            "domain": [nil, #""example.com""#],
        ]
        try Self.expectSameMerges(pools, seed: 16) { (one: LedgerEntry, other) in one.legacyMerged(with: other) }
    }

    @Test func workflow() throws {
        let steps = [#"{"id":"s1"}"#, #"{"id":"s1","kind":"lookup"}"#, #"{"id":"s2","z":1}"#]
        let pools: Pools = [
            "id": Self.id, "name": [#""w""#, #""v""#], "domains": Self.lists([#""a.com""#, #""b.com""#], seed: 5),
            "steps": Self.lists(steps, seed: 6), "schedule": [nil, #""daily""#], "isEnabled": [nil, "false"],
            "createdAt": Self.someDate, "updatedAt": Self.dates, "lastRunAt": Self.dates,
        ]
        try Self.expectSameMerges(pools, seed: 17) { (one: Workflow, other) in one.legacyMerged(with: other) }
    }

    @Test func appSettings() throws {
        // Two long lists whose union passes the limit of recent searches.
        let long = ["s", "t"].map { prefix in "[" + (0..<60).map { #""\#(prefix)\#($0)""# }.joined(separator: ",") + "]"
        }
        let pools: Pools = [
            "recentSearches": Self.lists([#""a""#, #"" A ""#, #""b""#, #""""#, #""c""#], seed: 7) + long,
            "savedDomains": Self.lists([#""a.com""#, #""B.com""#, #""b.com""#], seed: 8),
            "resolverURL": [nil, #""https://dns.example/dns-query""#], "displayDensity": [nil, #""compact""#],
            "showRawRecords": [nil, "true"],
        ]
        try Self.expectSameMerges(pools, seed: 18) { (one: AppSettings, other) in one.legacyMerged(with: other) }
    }

    /// Decoded records hold domains canonically and once; one whose list was set directly may
    /// not. The merge makes of a domain list what decoding does — canonical, each domain once,
    /// this copy's first — where the rules it replaced kept other spellings and repeats.
    @Test func domainListsAreUnionedInTheirCanonicalFormEachDomainOnce() {
        var mine = AppSettings.defaults
        mine.savedDomains = ["Example.COM", "a.com.", "example.com"]
        var theirs = AppSettings.defaults
        theirs.savedDomains = ["example.com", "B.com", "A.com", "b.com"]
        #expect(mine.merged(with: theirs).savedDomains == ["example.com", "a.com", "b.com"])
        #expect(theirs.merged(with: mine).savedDomains == ["example.com", "b.com", "a.com"])
        #expect(mine.merged(with: .defaults).savedDomains == ["example.com", "a.com"])

        var watched = MonitoringSettings.defaults
        watched.monitoredDomains = ["Oak-Dev.AI.", "oak-dev.ai"]
        var incoming = MonitoringSettings.defaults
        incoming.monitoredDomains = [" OAK-dev.ai", "Example.org"]
        #expect(watched.merged(with: incoming).monitoredDomains == ["oak-dev.ai", "example.org"])
    }
}
