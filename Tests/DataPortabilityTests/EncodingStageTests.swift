import BackupFormat
import DataStore
import DataValidation
import DomainModel
import Foundation
import JSONCore
import TestSupport
import Testing

@testable import DataPortability

/// `EncodingStage` must leave the store exactly as the merge path (`RecordStage` and the merge
/// rules) would, with the same counts: each case is imported both ways into an empty store and
/// the two stores compared byte for byte.
@Suite struct EncodingStageTests {
    typealias F = ImportFixtures

    typealias Outcome = StagedSection.Outcome

    /// Imports `elements` of `section` into an empty store, with or without its JSON (see
    /// `StagedSection.merge`).
    func importIntoEmptyStore(
        _ section: BackupSection, _ elements: [String], encoding: Bool,
        own: Int? = nil, runLength: Int = 2
    ) throws -> (Outcome, any SectionVisitor) {
        try StagedSection.merge(
            section, elements, into: InMemoryStore(), withJSON: encoding, own: own, runLength: runLength)
    }

    /// Whether `stage` is the encoding stage of `section`'s record type.
    func isEncodingStage(_ stage: any SectionVisitor, for section: BackupSection) -> Bool {
        StagedSection.kind(of: stage, for: section) == .encoding
    }

    static let cases: [(BackupSection, [String])] = [
        (
            .trackedDomains,
            [
                F.tracked(1, "Example.COM.", #""tags":["Client","client"],"notes":"x""#), F.tracked(2, "b.org"),
                #"{"domain":"no-id.com"}"#, F.tracked(3, "c.net", #""status":"someday""#),
            ]
        ),
        (
            .lookupHistory,
            [F.snapshot(5, "example.com", #""durationMs":10"#), F.snapshot(6, "B.org."), F.snapshot(4, "c.net")]
        ),
        (.domainAudits, [F.audit(7, "example.com"), F.audit(8, "b.org")]),
        (.domainWorkflows, [F.workflow(9, "Renewals"), F.workflow(10, "Audit")]),
        (.monitoringLogs, [F.log(11, "example.com"), F.log(12, "b.org"), F.log(13, "c.net")]),
    ]

    @Test(arguments: cases)
    func writesWhatTheMergePathWrites(section: BackupSection, elements: [String]) throws {
        let (merged, _) = try importIntoEmptyStore(section, elements, encoding: false)
        let (encoded, stage) = try importIntoEmptyStore(section, elements, encoding: true)
        #expect(isEncodingStage(stage, for: section), "the section is not encoded as it is decoded")
        #expect(encoded == merged)
        #expect(encoded.changed && encoded.store.count == 1)
    }

    @Test(arguments: cases)
    func runsJoinInOrder(section: BackupSection, elements: [String]) throws {
        let (merged, _) = try importIntoEmptyStore(section, elements, encoding: false)
        for own in 0...1 {
            for runLength in 1...2 {
                let (encoded, _) = try importIntoEmptyStore(
                    section, elements, encoding: true, own: own, runLength: runLength)
                #expect(encoded == merged, "own \(own), runs of \(runLength)")
            }
        }
    }

    @Test func duplicatesAreMergedByTheCollectionsRule() throws {
        let elements = [
            F.tracked(1, "example.com", #""tags":["a"]"#), F.tracked(2, "b.org"),
            F.tracked(9, "Example.COM.", addedAt: "2024-06-01T00:00:00Z", #""tags":["b"],"notes":"later copy""#),
        ]
        let (merged, _) = try importIntoEmptyStore(.trackedDomains, elements, encoding: false)
        #expect(merged.tally == [2, 0, 0, 1, 0, 0])
        // Both copies visited by the stage itself, in different runs, and in one run.
        for (own, runLength) in [(3, 2), (1, 2), (0, 2), (0, 3)] {
            let (encoded, stage) = try importIntoEmptyStore(
                .trackedDomains, elements, encoding: true, own: own, runLength: runLength)
            #expect(
                (stage as? EncodingStage<TrackedDomain>)?.duplicatesDropped == 1, "own \(own), runs of \(runLength)")
            #expect(encoded == merged, "own \(own), runs of \(runLength)")
        }
    }

    /// A section as large as the validator splits, with a duplicate in another run.
    @Test func duplicatesInALargeSectionAreMergedAcrossRuns() throws {
        var elements = (0..<9_000).map { F.snapshot(100 + $0, "host\($0 % 50).example.com", #""durationMs":\#($0)"#) }
        elements.append(
            F.snapshot(100 + 4_321, "host21.example.com", #""durationMs":1,"tls":{"subject":"CN=x","issuer":"CN=y"}"#))
        let json = "[" + elements.joined(separator: ",") + "]"
        try #require(
            JSONArraySplitter.parallelRuns(Array(json.utf8), parts: 4) != nil,
            "the section must be large enough to split")
        let (merged, _) = try importIntoEmptyStore(.lookupHistory, elements, encoding: false)
        #expect(merged.tally == [9_000, 0, 0, 1, 0, 0])
        let (encoded, stage) = try importIntoEmptyStore(
            .lookupHistory, elements, encoding: true, own: 0, runLength: 2_500)
        #expect((stage as? EncodingStage<LookupSnapshot>)?.duplicatesDropped == 1)
        #expect(encoded == merged)
    }

    /// Keys held three times, first copies in one run and later ones in another, malformed
    /// records between them, and a merged record longer than its first copy.
    @Test func severalDuplicatedKeysMergeInOrder() throws {
        let elements = [
            F.tracked(1, "example.com", #""tags":["a"]"#), #"{"domain":"no-id.com"}"#, F.tracked(2, "b.org"),
            F.tracked(3, "c.net"),
            F.tracked(4, "EXAMPLE.com", addedAt: "2024-06-01T00:00:00Z", #""tags":["b"],"notes":"second""#),
            #"{"id":"x"}"#, F.tracked(5, "b.org.", #""tags":["from-b"]"#), F.tracked(6, "d.io"),
            F.tracked(
                7, "example.com.", addedAt: "2023-01-01T00:00:00Z", #""tags":["c","a"],"notes":"third copy, longer""#),
        ]
        let (merged, _) = try importIntoEmptyStore(.trackedDomains, elements, encoding: false)
        #expect(merged.tally == [4, 0, 0, 3, 2, 0])
        for own in 0...elements.count {
            for runLength in 1...4 {
                let (encoded, stage) = try importIntoEmptyStore(
                    .trackedDomains, elements, encoding: true, own: own, runLength: runLength)
                #expect(isEncodingStage(stage, for: .trackedDomains))
                #expect(encoded == merged, "own \(own), runs of \(runLength)")
            }
        }
    }

    /// Random collections with many repeated keys, cut into random runs: always what the merge
    /// path writes.
    @Test(arguments: [BackupSection.trackedDomains, .lookupHistory, .monitoringLogs])
    func randomDuplicatesMatchTheMergePath(section: BackupSection) throws {
        var random = SeededGenerator(seed: 0x5EC7 &+ UInt64(section.rawValue.utf8.count))
        for _ in 0..<25 {
            let count = Int.random(in: 1...40, using: &random)
            let elements = (0..<count).map { position -> String in
                let number = Int.random(in: 1...8, using: &random)
                let host = "host\(Int.random(in: 1...6, using: &random)).example"
                let spelling = random.chance(1, in: 2) ? host.uppercased() + "." : host
                switch section {
                case .trackedDomains:
                    return F.tracked(
                        position, spelling, addedAt: "202\(Int.random(in: 0...5, using: &random))-01-01T00:00:00Z",
                        #""tags":["t\#(number)"],"notes":"n\#(position)""#)
                case .lookupHistory: return F.snapshot(number, spelling, #""durationMs":\#(position)"#)
                default:
                    return F.log(
                        number, spelling, #""message":"m\#(position)","acknowledged":\#(random.chance(1, in: 2))"#)
                }
            }
            let own = Int.random(in: 0...count, using: &random)
            let runLength = Int.random(in: 1...max(1, count / 2), using: &random)
            let (merged, _) = try importIntoEmptyStore(section, elements, encoding: false)
            let (encoded, _) = try importIntoEmptyStore(
                section, elements, encoding: true, own: own, runLength: runLength)
            #expect(encoded == merged, "\(elements), own \(own), runs of \(runLength)")
        }
    }

    @Test func anEmptySectionWritesNothing() throws {
        let (merged, _) = try importIntoEmptyStore(.lookupHistory, [], encoding: false)
        let (encoded, _) = try importIntoEmptyStore(.lookupHistory, [], encoding: true)
        #expect(encoded == merged)
        #expect(encoded == Outcome(store: [:], tally: [0, 0, 0, 0, 0, 0], changed: false))
    }

    @Test func onlyMalformedRecordsWriteNothing() throws {
        let elements = [#"{"domain":"no-id.com"}"#, #"{"id":"x"}"#]
        let (merged, _) = try importIntoEmptyStore(.trackedDomains, elements, encoding: false, own: 1, runLength: 1)
        let (encoded, _) = try importIntoEmptyStore(.trackedDomains, elements, encoding: true, own: 1, runLength: 1)
        #expect(encoded == merged)
        #expect(encoded.tally == [0, 0, 0, 0, 2, 0] && !encoded.changed)
    }

    /// The import pipeline hands a collection the store lacks to an `EncodingStage`, large
    /// (validated on every core) or small, and one the store holds to a `MergingStage`.
    @Test func theImportPipelineEncodesOnlyCollectionsTheStoreLacks() throws {
        let folder = try TemporaryDirectory()
        let padding = String(repeating: "p", count: 120)
        let snapshots = (0..<6_000).map {
            F.snapshot(
                10_000 + $0, "host\($0).example.com",
                #""durationMs":\#($0),"dns":{"resolver":"https://r/\#(padding)","records":[]}"#)
        }
        let json = "[" + snapshots.joined(separator: ",") + "]"
        try #require(JSONArraySplitter.parallelRuns(Array(json.utf8), parts: 4) != nil, "large enough to be split")
        let backup = folder.file("backup.ddbackup")
        try F.writeBackup(
            [
                .trackedDomains: "[" + F.tracked(1, "example.com") + "]", .lookupHistory: json,
                .domainAudits: "[" + F.audit(2, "example.com") + "]",
            ], to: backup)
        let store = try LockedStore.open(explicitPath: folder.file("store.sqlite").path, mode: .createIfMissing)
        try F.seed(store.store, [.domainAudits: "[]"])
        nonisolated(unsafe) var stages: [BackupSection: any SectionVisitor] = [:]
        let importer = BackupImporter(
            F.importer(snapshot: false), observingStages: { section, stage in stages[section] = stage })
        let summary = try importer.run(backup: backup.path, into: store)
        #expect(stages.count == BackupSection.allCases.count)
        #expect(stages[.lookupHistory] is EncodingStage<LookupSnapshot>)
        #expect(stages[.trackedDomains] is EncodingStage<TrackedDomain>)
        #expect(stages[.domainAudits] is MergingStage<AuditSession>, "the store holds the audits' key")
        #expect(stages[.entitlement] is RecordStage<CachedEntitlement>)
        #expect(summary.sections.first { $0.section == .lookupHistory }?.added == 6_000)
        #expect(try RecordLoader(store.store).load(.lookupHistory).records.map(\.durationMs) == Array(0..<6_000))
    }

    /// A store that holds the key, even as an empty array, is merged into by key, or replaced
    /// record by record.
    @Test func aCollectionTheStoreHoldsIsStagedForMerging() throws {
        let store = InMemoryStore()
        try F.seed(store, [.lookupHistory: "[]"])
        try store.transaction { transaction in
            let merging = try SectionImporter(transaction: transaction, mode: .merge)
            #expect(
                merging.makeStage(for: .lookupHistory, source: Array("[]".utf8), options: .default).visitor
                    is MergingStage<LookupSnapshot>)
            let importer = try SectionImporter(transaction: transaction, mode: .replace)
            #expect(
                importer.makeStage(for: .lookupHistory, source: Array("[]".utf8), options: .default).visitor
                    is RecordStage<LookupSnapshot>)
            #expect(
                importer.makeStage(for: .trackedDomains, source: Array("[]".utf8), options: .default).visitor
                    is EncodingStage<TrackedDomain>)
            #expect(
                importer.makeStage(for: .entitlement, source: Array("null".utf8), options: .default).visitor
                    is RecordStage<CachedEntitlement>)
        }
    }

    /// A clean record is written from its JSON by its transcoder, without decoding it; a record
    /// decoding would notice something in (a date outside the plausible range) or keep something
    /// of (an unknown field) is left to be decoded and visited.
    @Test func aCleanRecordIsWrittenWithoutDecodingIt() throws {
        let stage = EncodingStage<LookupSnapshot>(source: [], options: .default)
        #expect(try stage.transcodingTaken(noticed: ("2026-01-01", "1970-01-01")) == [true, false, false])
        #expect(stage.count == 1)
        let snapshot = #"{"id":"\#(F.id(1))","domain":"example.com","capturedAt":"2026-01-01T00:00:00Z"}"#
        let text = String(decoding: stage.takeArray().joined(), as: UTF8.self)
        #expect(text == "[" + (try Self.canonicalSnapshot(snapshot)) + "]")
    }

    static func canonicalSnapshot(_ text: String) throws -> String {
        let document = try JSONDocument(parsing: Array(text.utf8))
        return String(decoding: try LookupSnapshot.decode(document.root).0.canonicalJSON, as: UTF8.self)
    }
}
