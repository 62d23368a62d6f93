import DomainModel
import Foundation
import Testing

@Suite struct MonitoringLogEntryTests {
    static let id = "5a1d2c3b-4e5f-4a6b-9c7d-8e9f0a1b2c3d"
    static let snapshot = "6f1c7c9e-2d4b-4a8e-9b1a-8d2f0c3e4a5b"
    static let full =
        #"{"id":"\#(id)","domain":"example.com","checkedAt":"2026-11-30T04:42:22.125Z","event":"tlsExpiry","#
        + #""severity":"high","message":"Certificate expires in 6 days","snapshotId":"\#(snapshot)","acknowledged":true}"#

    static func entry(message: String, snapshot: Int? = nil, acknowledged: Bool = false) -> MonitoringLogEntry {
        MonitoringLogEntry(
            id: Sample.id(1), domain: "example.com", checkedAt: Sample.date("2026-11-30T04:42:22Z"),
            event: .unreachable,
            severity: .high, message: message, snapshotID: snapshot.map(Sample.id), acknowledged: acknowledged)
    }

    @Test func fullEntryRoundTripsCanonically() throws {
        let (entry, issues) = try expectCanonicalRoundTrip(Self.full, as: MonitoringLogEntry.self, canonical: Self.full)
        #expect(issues.isEmpty)
        #expect(entry.event == Lenient(.tlsExpiry))
        #expect(entry.severity == Lenient(.high))
        #expect(entry.snapshotID == RecordID.parse(Self.snapshot))
    }

    @Test func minimalEntryTakesEveryDefault() throws {
        let json = #"{"id":"\#(Self.id)","domain":"example.com","checkedAt":"2026-11-30T04:42:22Z"}"#
        let (entry, issues) = try expectCanonicalRoundTrip(
            json, as: MonitoringLogEntry.self,
            canonical:
                #"{"id":"\#(Self.id)","domain":"example.com","checkedAt":"2026-11-30T04:42:22Z","event":"dnsChange","severity":"medium","#
                + #""message":"","acknowledged":false}"#)
        #expect(issues.isEmpty)
        #expect(entry.snapshotID == nil)
    }

    @Test func unknownEnumValuesKeepTheirText() throws {
        let json =
            #"{"id":"\#(Self.id)","domain":"example.com","checkedAt":"2026-11-30T04:42:22Z","event":"certificateRevoked","severity":"sev1"}"#
        let (entry, issues) = try expectCanonicalRoundTrip(json, as: MonitoringLogEntry.self)
        #expect(entry.event.value == .dnsChange && entry.event.rawValue == "certificateRevoked")
        #expect(entry.severity.value == .medium && entry.severity.rawValue == "sev1")
        #expect(issueSummary(issues) == ["unknownEnumValue .event", "unknownEnumValue .severity"])
    }

    @Test func wrongTypedOptionalFieldsTakeDefaults() throws {
        let json =
            #"{"id":"\#(Self.id)","domain":"example.com","checkedAt":"2026-11-30T04:42:22Z","message":["x"],"#
            + #""snapshotId":"snapshot-1","acknowledged":1,"event":false}"#
        let (entry, issues) = try RecordJSON.decode(json, as: MonitoringLogEntry.self)
        #expect(
            entry.message == "" && entry.snapshotID == nil && entry.acknowledged == false
                && entry.event == Lenient(.dnsChange))
        #expect(
            issueSummary(issues) == [
                "defaultedField .acknowledged", "defaultedField .event", "defaultedField .message",
                "defaultedField .snapshotId",
            ])
    }

    @Test(arguments: [
        (#"{"domain":"example.com","checkedAt":"2026-11-30T04:42:22Z"}"#, ".id"),
        (#"{"id":"5a1d2c3b-4e5f-4a6b-9c7d-8e9f0a1b2c3d","checkedAt":"2026-11-30T04:42:22Z"}"#, ".domain"),
        (
            #"{"id":"5a1d2c3b-4e5f-4a6b-9c7d-8e9f0a1b2c3d","domain":"example.com-","checkedAt":"2026-11-30T04:42:22Z"}"#,
            ".domain"
        ),
        (#"{"id":"5a1d2c3b-4e5f-4a6b-9c7d-8e9f0a1b2c3d","domain":"example.com"}"#, ".checkedAt"),
    ])
    func requiredFieldProblemRejectsTheEntry(json: String, path: String) {
        #expect(rejectionPath(json, as: MonitoringLogEntry.self) == path)
    }

    @Test func firstCopyWinsAcknowledgedIfEitherIsAndTheSnapshotLinkIsFilled() {
        let first = Self.entry(message: "first")
        let second = Self.entry(message: "second", snapshot: 7, acknowledged: true)
        #expect(first.merged(with: second) == Self.entry(message: "first", snapshot: 7, acknowledged: true))
        #expect(second.merged(with: first) == second)
        let linked = Self.entry(message: "linked", snapshot: 3)
        #expect(linked.merged(with: second).snapshotID == Sample.id(3))
    }

    @Test func duplicatesByIDMergeInTheFirstPosition() {
        let json =
            "["
            + [
                #"{"id":"\#(Self.id)","domain":"example.com","checkedAt":"2026-11-30T04:42:22Z","message":"first"}"#,
                #"{"id":"\#(Sample.idText(2))","domain":"example.org","checkedAt":"2026-11-30T04:42:22Z"}"#,
                #"{"id":"\#(Self.id.uppercased())","domain":"example.net","checkedAt":"2026-11-30T05:00:00Z","acknowledged":true}"#,
                #"{"id":"\#(Self.id)","domain":"example.com","checkedAt":"2026-11-30T04:42:22Z","snapshotId":"\#(Self.snapshot)"}"#,
            ].joined(separator: ",") + "]"
        let decoded = RecordJSON.collection(json, as: MonitoringLogEntry.self)
        #expect(decoded.duplicatesMerged == 2)
        #expect(decoded.records.map(\.domain) == ["example.com", "example.org"])
        #expect(decoded.records[0].message == "first")
        #expect(decoded.records[0].acknowledged)
        #expect(decoded.records[0].snapshotID == RecordID.parse(Self.snapshot))
    }

    @Test func mergeIsIdempotentAndReMergingChangesNothing() throws {
        let (full, _) = try RecordJSON.decode(Self.full, as: MonitoringLogEntry.self)
        #expect(full.merged(with: full) == full)
        let inputs = [
            Self.entry(message: "a"), Self.entry(message: "b", acknowledged: true),
            Self.entry(message: "c", snapshot: 2),
        ]
        var collection = RecordCollection(inputs)
        for input in inputs { #expect(collection.insert(input) == .unchanged) }
        #expect(collection.records == [Self.entry(message: "a", snapshot: 2, acknowledged: true)])
    }
}
