import BackupFormat
import DataPortability
import DataStore
import Foundation
import JSONCore
import TestSupport
import Testing

/// A merge by natural key unions the two records' unknown fields; on a clash the record whose
/// known fields win under the section's merge rule wins (Docs/data-model.md §5) — checked for
/// every section, through a merging import into a store on disk.
@Suite struct UnknownFieldMergeTests {
    /// Which copy a section's rule makes win, with the two copies that show it.
    struct Clash {
        /// The store's record and the backup's, without the unknown fields the test adds.
        var stored: String
        var incoming: String
        /// Whether the backup's copy wins.
        var backupWins: Bool
    }

    static let time = "2026-01-02T03:04:05Z"
    static func id(_ number: Int) -> String { SampleIdentity.uuidText(decimal: number) }

    /// One clash per section: a section without one fails `everySectionHasAClash`.
    static let clashes: [BackupSection: Clash] = [
        // The copy added first is the base.
        .trackedDomains: Clash(
            stored: #"{"id":"\#(id(1))","domain":"example.com","addedAt":"2026-01-01T00:00:00Z""#,
            incoming: #"{"id":"\#(id(2))","domain":"Example.COM.","addedAt":"2020-01-01T00:00:00Z""#,
            backupWins: true),
        // Snapshots: the store's copy wins field by field.
        .lookupHistory: Clash(
            stored: #"{"id":"\#(id(3))","domain":"example.com","capturedAt":"\#(time)""#,
            incoming: #"{"id":"\#(id(3))","domain":"example.com","capturedAt":"\#(time)","durationMs":9"#,
            backupWins: false),
        // The audit that finished later wins.
        .domainAudits: Clash(
            stored:
                #"{"id":"\#(id(4))","domain":"example.com","startedAt":"\#(time)","completedAt":"2026-01-03T00:00:00Z""#,
            incoming:
                #"{"id":"\#(id(4))","domain":"example.com","startedAt":"\#(time)","completedAt":"2026-01-09T00:00:00Z""#,
            backupWins: true),
        // The workflow edited last wins.
        .domainWorkflows: Clash(
            stored: #"{"id":"\#(id(5))","name":"W","createdAt":"\#(time)","updatedAt":"2026-02-01T00:00:00Z""#,
            incoming: #"{"id":"\#(id(5))","name":"W2","createdAt":"\#(time)""#,
            backupWins: false),
        // The backup's settings win.
        .monitoringSettings: Clash(stored: #"{"isEnabled":false"#, incoming: #"{"isEnabled":true"#, backupWins: true),
        // Log entries: the store's copy wins.
        .monitoringLogs: Clash(
            stored: #"{"id":"\#(id(6))","domain":"example.com","checkedAt":"\#(time)""#,
            incoming: #"{"id":"\#(id(6))","domain":"example.com","checkedAt":"\#(time)","acknowledged":true"#,
            backupWins: false),
        // The backup's preferences win.
        .appSettings: Clash(
            stored: #"{"displayDensity":"compact""#, incoming: #"{"displayDensity":"comfortable""#, backupWins: true),
        // The entitlement verified last wins.
        .entitlement: Clash(
            stored: #"{"productId":"pro","verifiedAt":"2026-03-01T00:00:00Z""#,
            incoming: #"{"productId":"team","verifiedAt":"2026-01-01T00:00:00Z""#, backupWins: false),
        // The ledger: the store's wins, entries unioned.
        .usageCredits: Clash(
            stored: #"{"balance":0,"entries":[]"#,
            incoming: #"{"balance":3,"entries":[{"id":"\#(id(7))","at":"\#(time)","amount":3}]"#, backupWins: false),
    ]

    @Test func everySectionHasAClash() {
        for section in BackupSection.allCases { #expect(Self.clashes[section] != nil, "\(section.rawValue)") }
    }

    @Test(arguments: BackupSection.allCases, StoreFile.allCases)
    func aMergeUnionsUnknownFieldsAndTheWinningCopysWinAClash(section: BackupSection, file: StoreFile) throws {
        let clash = try #require(Self.clashes[section])
        let storedRecord = clash.stored + #","shared":"store","onlyStore":[1]}"#
        let incomingRecord = clash.incoming + #","onlyBackup":{"b":2},"shared":"backup"}"#
        let key = UnknownFieldRoundTripTests.storeKey(of: section)
        let isArray = if case .array = section.entry.records { true } else { false }
        let wrap = { (record: String) in isArray ? "[\(record)]" : record }

        let harness = try LosslessHarness(file)
        let source = try harness.store("source", [key: .data(Data(wrap(incomingRecord).utf8))])
        let backup = try harness.export(source, to: "backup.ddbackup").url
        let target = try harness.store("target", [key: .data(Data(wrap(storedRecord).utf8))])
        let summary = try harness.importBackup(backup, into: target)
        #expect(summary.sections.first { $0.section == section }?.merged == 1)

        guard case .data(let stored)? = try target.store.value(forKey: key) else {
            Issue.record("\(key) is missing")
            return
        }
        let root = try JSONDocument(parsing: [UInt8](stored)).root
        let record = try #require(isArray ? root[0] : root)
        #expect(record["shared"]?.text == (clash.backupWins ? #""backup""# : #""store""#), "\(section.rawValue)")
        #expect(record["onlyStore"]?.text == "[1]")
        #expect(record["onlyBackup"]?.text == #"{"b":2}"#)

        // Importing the same backup again changes nothing: the union is already there.
        let again = try harness.importBackup(backup, into: target)
        #expect(!again.storeChanged)
    }

    /// Nested records merged by id take the same rule: checks of one audit, a ledger's entries.
    @Test func nestedRecordsWithOneIDUnionTheirFields() throws {
        let harness = try LosslessHarness(.sqlite)
        let audit = { (completed: String, field: String) in
            #"[{"id":"\#(Self.id(1))","domain":"example.com","startedAt":"\#(Self.time)","completedAt":"\#(completed)","#
                + #""checks":[{"id":"dns.spf","title":"t",\#(field)}]}]"#
        }
        let ledger = { (field: String) in
            #"{"balance":1,"entries":[{"id":"\#(Self.id(2))","at":"\#(Self.time)","amount":1,\#(field)}]}"#
        }
        let source = try harness.store(
            "source",
            [
                "domainAudits": .data(Data(audit("2026-02-01T00:00:00Z", #""a":"backup","b":1"#).utf8)),
                "usageCredits.ledger": .data(Data(ledger(#""a":"backup","b":1"#).utf8)),
            ])
        let backup = try harness.export(source, to: "backup.ddbackup").url
        let target = try harness.store(
            "target",
            [
                "domainAudits": .data(Data(audit("2026-01-01T00:00:00Z", #""a":"store","c":2"#).utf8)),
                "usageCredits.ledger": .data(Data(ledger(#""a":"store","c":2"#).utf8)),
            ])
        try harness.importBackup(backup, into: target)
        let values = try harness.values(of: target)
        guard case .data(let audits)? = values["domainAudits"], case .data(let credits)? = values["usageCredits.ledger"]
        else {
            Issue.record("a key is missing")
            return
        }
        // The backup's audit finished later: its check wins the clash.
        let check = try #require(try JSONDocument(parsing: [UInt8](audits)).root[0]?["checks"]?[0])
        #expect([check["a"]?.text, check["b"]?.text, check["c"]?.text] == [#""backup""#, "1", "2"])
        // Ledger entries are immutable: the store's copy wins.
        let entry = try #require(try JSONDocument(parsing: [UInt8](credits)).root["entries"]?[0])
        #expect([entry["a"]?.text, entry["b"]?.text, entry["c"]?.text] == [#""store""#, "1", "2"])
    }
}
