import BackupFormat
import Foundation
import JSONCore
import Testing

@testable import DataMigration

/// The upgrade rules of Docs/versions.md, one at a time, on small documents.
@Suite struct BackupUpgraderTests {
    func upgrade(_ json: String) throws -> [String: StrictJSON] {
        let legacy = try LegacyBackupDocument(document: try JSONDocument(parsing: Array(json.utf8)), file: "test.json")
        var sections: [String: StrictJSON] = [:]
        for (section, bytes) in try BackupUpgrader().upgrade(legacy).sections {
            sections[section.rawValue] = try StrictJSON(parsing: bytes)
        }
        return sections
    }

    @Test func version1FieldsAreRenamedAndUnknownFieldsCarried() throws {
        let sections = try upgrade(
            """
            {"version": 1, "exportedAt": 0, "app": "DomainDig 1.0",
             "domains": [{"name": "example.com", "added": 86400, "note": "n", "favorite": true, "color": "red"}],
             "history": [{"uuid": "0b7d5c1e-7a3f-4f6a-9f1e-2d3c4b5a6978", "domain": "example.com", "date": 86400.5,
                          "whois": {"registrar": "R", "expires": 172800, "nameservers": ["ns1.example.net"], "port": 43},
                          "source": "manual"}],
             "settings": {"resolver": "https://dns.example/q", "density": "standard", "theme": "dark"}}
            """)
        let domain = try #require(sections["trackedDomains"]?.arrayElements?.first)
        #expect(domain["domain"] == .string("example.com"))
        #expect(domain["addedAt"] == .string("1970-01-02T00:00:00Z"))
        #expect(domain["notes"] == .string("n"))
        #expect(domain["isFavorite"] == .bool(true))
        #expect(domain["color"] == .string("red"))
        let lookup = try #require(sections["lookupHistory"]?.arrayElements?.first)
        #expect(lookup["id"] == .string("0b7d5c1e-7a3f-4f6a-9f1e-2d3c4b5a6978"))
        #expect(lookup["capturedAt"] == .string("1970-01-02T00:00:00.500Z"))
        #expect(lookup["source"] == .string("manual"))
        #expect(
            lookup["registration"]
                == .object([
                    "source": .string("whois"), "registrar": .string("R"), "expiresAt": .string("1970-01-03T00:00:00Z"),
                    "nameServers": .array([.string("ns1.example.net")]), "port": .integer(43),
                ]))
        #expect(
            sections["appSettings"]
                == .object([
                    "resolverURL": .string("https://dns.example/q"), "displayDensity": .string("standard"),
                    "theme": .string("dark"),
                ]))
        // What version 1 never had stays absent: importing leaves the store's alone.
        #expect(Set(sections.keys) == ["trackedDomains", "lookupHistory", "appSettings"])
    }

    @Test func trackedDomainIDIsDerivedFromTheCanonicalDomain() throws {
        func id(of name: String) throws -> StrictJSON? {
            try upgrade(#"{"version": 1, "domains": [{"name": "\#(name)", "added": 0}]}"#)["trackedDomains"]?
                .arrayElements?.first?["id"]
        }
        let acme = try #require(try id(of: "acme.io"))
        #expect(try id(of: "Acme.IO.") == acme)
        #expect(try id(of: " acme.io ") == acme)
        #expect(try id(of: "example.com") != acme)
        // A version 8 UUID (RFC 9562): the version nibble is 8, the variant bits 10.
        let text = try #require(acme.stringValue)
        #expect(text.count == 36 && Array(text)[14] == "8" && "89ab".contains(Array(text)[19]))
    }

    @Test func version1DNSMapBecomesTypedRecordsWithTheDefaultTTL() throws {
        let sections = try upgrade(
            """
            {"version": 1, "history": [{"uuid": "0b7d5c1e-7a3f-4f6a-9f1e-2d3c4b5a6978", "domain": "example.com", "date": 0,
              "dns": {"A": ["192.0.2.1"], "MX": ["5 mx.example.com"]}}]}
            """)
        let dns = try #require(sections["lookupHistory"]?.arrayElements?.first?["dns"])
        #expect(
            dns
                == .object([
                    "records": .array([
                        .object([
                            "type": .string("A"), "name": .string("example.com"), "value": .string("192.0.2.1"),
                            "ttl": .integer(0),
                        ]),
                        .object([
                            "type": .string("MX"), "name": .string("example.com"), "value": .string("mx.example.com"),
                            "ttl": .integer(0), "priority": .integer(5),
                        ]),
                    ])
                ]))
    }

    @Test(arguments: [(60, 5), (300, 5), (5420, 90), (5450, 91), (3600, 60), (604_800, 10080), (1_000_000, 10080)])
    func monitoringIntervalIsRoundedToMinutesWithinTheRange(seconds: Int, minutes: Int) throws {
        let sections = try upgrade(
            """
            {"schemaVersion": 2, "createdAt": "2024-01-01T00:00:00Z",
             "monitoring": {"settings": {"isEnabled": true, "intervalSeconds": \(seconds)}}}
            """)
        #expect(
            sections["monitoringSettings"] == .object(["isEnabled": .bool(true), "intervalMinutes": .integer(minutes)]))
    }

    @Test func version2WithoutOptionalSectionsLeavesThemAbsent() throws {
        let sections = try upgrade(#"{"schemaVersion": 2, "createdAt": "2024-01-01T00:00:00Z"}"#)
        #expect(sections.isEmpty)
        let some = try upgrade(
            #"{"schemaVersion": 2, "createdAt": "2024-01-01T00:00:00Z", "audits": [], "entitlement": null}"#)
        #expect(some == ["domainAudits": .array([]), "entitlement": .null])
    }

    @Test func emptyCreditsGiveNoLedger() throws {
        let sections = try upgrade(#"{"schemaVersion": 2, "createdAt": "2024-01-01T00:00:00Z", "credits": []}"#)
        #expect(sections["usageCredits"] == .null)
    }

    @Test func creditsBecomeALedgerWithStableDerivedIDs() throws {
        let document = """
            {"schemaVersion": 2, "createdAt": "2024-01-01T00:00:00Z", "credits": [
              {"date": "2024-01-01T00:00:00Z", "delta": 10, "reason": "grant"},
              {"date": "2024-01-01T00:00:00Z", "delta": 10, "reason": "grant"},
              {"id": "0B7D5C1E-7A3F-4F6A-9F1E-2D3C4B5A6978", "date": "2024-01-02T00:00:00Z", "delta": -4, "reason": "spend", "memo": "m"}]}
            """
        let ledger = try #require(try upgrade(document)["usageCredits"])
        #expect(ledger["balance"] == .integer(16))
        let entries = try #require(ledger["entries"]?.arrayElements)
        #expect(entries.count == 3)
        // Identical entries at different positions get different ids; a re-run the same ones.
        #expect(entries[0]["id"] != entries[1]["id"])
        #expect(try upgrade(document)["usageCredits"] == ledger)
        #expect(
            entries[2]
                == .object([
                    "id": .string("0b7d5c1e-7a3f-4f6a-9f1e-2d3c4b5a6978"), "at": .string("2024-01-02T00:00:00Z"),
                    "amount": .integer(-4), "kind": .string("spend"), "note": .string("m"),
                ]))
    }

    @Test func version2RenamesReachTheCurrentSections() throws {
        let sections = try upgrade(
            """
            {"schemaVersion": 2, "createdAt": "2024-01-01T00:00:00Z",
             "trackedDomains": [{"id": "0b7d5c1e-7a3f-4f6a-9f1e-2d3c4b5a6978", "domain": "example.com", "addedAt": "2024-01-01T00:00:00Z", "favorite": true}],
             "lookups": [{"id": "1b7d5c1e-7a3f-4f6a-9f1e-2d3c4b5a6978", "domain": "example.com", "capturedAt": "2024-01-01T00:00:00Z",
                          "whois": {"source": "rdap"}, "dns": {"records": [{"name": "example.com", "value": "192.0.2.1"}]}}],
             "audits": [{"x": 1}], "workflows": [{"y": 2}], "monitoring": {"logs": [{"z": 3}]}, "entitlement": {"productId": "p"}}
            """)
        #expect(sections["trackedDomains"]?.arrayElements?.first?["isFavorite"] == .bool(true))
        #expect(sections["trackedDomains"]?.arrayElements?.first?["favorite"] == nil)
        let lookup = try #require(sections["lookupHistory"]?.arrayElements?.first)
        #expect(lookup["registration"] == .object(["source": .string("rdap")]) && lookup["whois"] == nil)
        // DNS already in the typed shape is carried as it is.
        #expect(
            lookup["dns"]
                == .object([
                    "records": .array([.object(["name": .string("example.com"), "value": .string("192.0.2.1")])])
                ]))
        #expect(sections["domainAudits"] == .array([.object(["x": .integer(1)])]))
        #expect(sections["domainWorkflows"] == .array([.object(["y": .integer(2)])]))
        #expect(sections["monitoringLogs"] == .array([.object(["z": .integer(3)])]))
        #expect(sections["entitlement"] == .object(["productId": .string("p")]))
    }

    @Test func documentWithoutAVersionIsRefused() throws {
        let document = try JSONDocument(parsing: Array(#"{"domains": []}"#.utf8))
        #expect(throws: BackupFormatError.self) { try LegacyBackupDocument(document: document, file: "x.json") }
    }
}
