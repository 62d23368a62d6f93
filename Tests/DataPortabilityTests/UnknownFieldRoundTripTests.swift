import BackupFormat
import DataPortability
import DataStore
import DataValidation
import Foundation
import JSONCore
import TestSupport
import Testing

/// Where each record type sits in a backup, found by walking the current schema — the one
/// description of every record the decoders, the validator and `backupctl schema` share — so a
/// record type added to the code is tested here without this list being edited.
struct RecordLocation: Sendable, CustomTestStringConvertible {
    /// The record's name under `$defs` (`dnsRecord`).
    var definition: String
    var section: BackupSection
    /// From the section's root: a field name, or nil for every element of an array.
    var steps: [String?]

    var testDescription: String { definition }

    /// Every record type, where it first appears.
    static let all: [RecordLocation] = {
        var found: [RecordLocation] = []
        func walk(_ node: SchemaNode, _ section: BackupSection, _ steps: [String?]) {
            switch node.kind {
            case .nullable(let inner):
                walk(inner, section, steps)
            case .array(let array):
                walk(array.items, section, steps + [nil])
            case .object(let object):
                if let name = node.definitionName, !found.contains(where: { $0.definition == name }) {
                    found.append(RecordLocation(definition: name, section: section, steps: steps))
                }
                for property in object.properties { walk(property.node, section, steps + [property.name]) }
            default:
                break
            }
        }
        guard case .sections(let sections) = BackupSchema.current.layout else { return [] }
        for (section, node) in sections { walk(node, section, []) }
        return found
    }()
}

/// Fields this build does not know, in every record type, top level and nested: an export
/// keeps them, an import writes them into the store, a second export gives them back — byte for
/// byte, on both store files (Docs/data-model.md §4).
@Suite struct UnknownFieldRoundTripTests {
    /// A store holding one record of every type, each nested record present.
    static let store: [String: JSONText] = {
        let id = { (number: Int) in JSONText.string(SampleIdentity.uuidText(decimal: number)) }
        let time = JSONText.string("2026-01-02T03:04:05Z")
        return [
            "trackedDomains": .array([
                .object([("id", id(1)), ("domain", .string("example.com")), ("addedAt", time)])
            ]),
            "lookupHistory": .array([
                .object([
                    ("id", id(2)), ("domain", .string("example.com")), ("capturedAt", time),
                    (
                        "dns",
                        .object([
                            (
                                "records",
                                .array([.object([("name", .string("example.com")), ("value", .string("1.2.3.4"))])])
                            )
                        ])
                    ),
                    ("registration", .object([("registrar", .string("R"))])),
                    ("tls", .object([("subject", .string("CN=example.com")), ("issuer", .string("CN=R3"))])),
                    ("http", .object([("url", .string("https://example.com/")), ("statusCode", .raw("200"))])),
                ])
            ]),
            "domainAudits": .array([
                .object([
                    ("id", id(3)), ("domain", .string("example.com")), ("startedAt", time),
                    ("checks", .array([.object([("id", .string("dns.spf"))])])),
                ])
            ]),
            "domainWorkflows": .array([
                .object([
                    ("id", id(4)), ("name", .string("Weekly")), ("createdAt", time),
                    ("steps", .array([.object([("id", .string("lookup"))])])),
                ])
            ]),
            "monitoring.settings": .object([
                ("quietHours", .object([("start", .string("22:00")), ("end", .string("07:00"))]))
            ]),
            "monitoring.logs": .array([
                .object([("id", id(5)), ("domain", .string("example.com")), ("checkedAt", time)])
            ]),
            "recentSearches": .array([.string("example")]),
            "savedDomains": .array([.string("example.com")]),
            "app.preferences": .object([("displayDensity", .string("compact"))]),
            "purchase.cachedEntitlement": .object([("productId", .string("pro")), ("verifiedAt", time)]),
            "usageCredits.ledger": .object([
                ("balance", .raw("5")),
                ("entries", .array([.object([("id", id(6)), ("at", time), ("amount", .raw("5"))])])),
            ]),
        ]
    }()

    /// The store key whose JSON has the shape of `section`'s (the app settings' object is
    /// `app.preferences`, beside its two lists).
    static func storeKey(of section: BackupSection) -> String {
        section == .appSettings ? StorageKey.appPreferences.rawValue : section.entry.storeKeys[0]
    }

    /// The field planted in every record of one type: its value as written, spaces and all.
    static let planted = #"{"kept" : [1, "two", null, 3.50, {"deep": [true]}] }"#

    @Test func theWalkFindsEveryRecordType() {
        #expect(
            Set(RecordLocation.all.map(\.definition)) == [
                "trackedDomain", "lookupSnapshot", "dnsLookupResult", "dnsRecord", "registrationSummary",
                "tlsCertificateSummary", "httpProbeResult", "auditSession", "auditCheck", "workflow", "workflowStep",
                "monitoringSettings", "quietHours", "monitoringLogEntry", "appSettings", "cachedEntitlement",
                "usageCreditLedger", "ledgerEntry",
            ])
    }

    @Test(arguments: RecordLocation.all, StoreFile.allCases)
    func anUnknownFieldSurvivesExportImportExport(location: RecordLocation, file: StoreFile) throws {
        let key = Self.storeKey(of: location.section)
        let field = "x-\(location.definition)"
        var values: [String: StoreValue] = [:]
        for (name, json) in Self.store {
            let text = name == key ? json.adding(field, .raw(Self.planted), at: location.steps[...]) : json
            values[name] = .data(Data(text.text.utf8))
        }
        let harness = try LosslessHarness(file)
        let (imported, first, second) = try harness.roundTrip(values)

        // In the imported store, under the record's key, as written.
        guard case .data(let stored)? = imported[key] else {
            Issue.record("\(key) is missing after the import")
            return
        }
        let objects = try JSONDocument(parsing: [UInt8](stored)).root.values(at: location.steps[...])
        #expect(!objects.isEmpty)
        for object in objects { #expect(object[field]?.text == Self.planted, "\(key)") }
        // In both exports' section, as written, and the two exports agree.
        let section = try #require(first.sections[location.section])
        let exported = try JSONDocument(parsing: section).root.values(at: location.steps[...])
        #expect(!exported.isEmpty)
        for object in exported { #expect(object[field]?.text == Self.planted) }
        #expect(first.sections == second.sections)
        #expect(first.carried.isEmpty && second.carried.isEmpty)
    }
}
