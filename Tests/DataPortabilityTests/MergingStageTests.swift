import BackupFormat
import DataStore
import DataValidation
import DomainModel
import Foundation
import JSONCore
import TestSupport
import Testing

@testable import DataPortability

/// `MergingStage` and `StoredArrayMerge` must leave a store that holds the collection exactly
/// as the merge path over decoded records (`RecordStage`, `RecordCollection`) would, with the
/// same counts and remarks: each case is merged both ways into the same stored value and the
/// two stores compared byte for byte.
@Suite struct MergingStageTests {
    typealias F = ImportFixtures

    typealias Outcome = StagedSection.Outcome

    /// Merges `elements` of `section` into a store whose value for the section is `stored`,
    /// with or without the section's JSON (see `StagedSection.merge`).
    func merge(
        _ section: BackupSection, _ elements: [String], into stored: StoreValue, streaming: Bool,
        own: Int? = nil, runLength: Int = 2
    ) throws -> (Outcome, any SectionVisitor) {
        let store = InMemoryStore()
        try store.set(stored, forKey: section.entry.storageKey.rawValue)
        return try StagedSection.merge(
            section, elements, into: store, withJSON: streaming, own: own, runLength: runLength)
    }

    /// Both ways into `stored`; the streaming one must be staged by a `MergingStage`.
    func expectSameOutcome(
        _ section: BackupSection, _ elements: [String], into stored: StoreValue, own: Int? = nil, runLength: Int = 2,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Outcome {
        let (decoded, _) = try merge(section, elements, into: stored, streaming: false)
        let (streamed, stage) = try merge(
            section, elements, into: stored, streaming: true, own: own, runLength: runLength)
        #expect(Self.isMergingStage(stage, for: section), sourceLocation: sourceLocation)
        #expect(
            streamed == decoded, "own \(String(describing: own)), runs of \(runLength)", sourceLocation: sourceLocation)
        return streamed
    }

    static func isMergingStage(_ stage: any SectionVisitor, for section: BackupSection) -> Bool {
        StagedSection.kind(of: stage, for: section) == .merging
    }

    /// `raw` as backupctl writes it.
    static func canonical(_ section: BackupSection, _ raw: String) throws -> String {
        try StagedSection.canonical(section, raw)
    }

    static func array(_ elements: [String]) -> StoreValue {
        .data(Data(("[" + elements.joined(separator: ",") + "]").utf8))
    }

    @Test func aBackupOfTheStoreItselfChangesNothing() throws {
        let elements = try [
            F.tracked(1, "example.com", #""tags":["a","b"],"notes":"x","isFavorite":true"#), F.tracked(2, "b.org"),
            F.tracked(3, "c.net", #""lastLookupAt":"2025-02-01T00:00:00Z""#),
        ].map { try Self.canonical(.trackedDomains, $0) }
        let outcome = try expectSameOutcome(.trackedDomains, elements, into: Self.array(elements))
        #expect(outcome.tally == [0, 0, 3, 0, 0, 0] && !outcome.changed)
    }

    /// The store's own spelling (not canonical) of the backup's records: decoded and merged,
    /// found unchanged, and not rewritten.
    @Test func recordsSpelledOtherwiseInTheStoreAreComparedDecoded() throws {
        let raw = [F.tracked(1, "Example.COM.", #""tags":["a"]"#), F.tracked(2, "b.org", #""notes":"n""#)]
        let backup = try raw.map { try Self.canonical(.trackedDomains, $0) }
        let outcome = try expectSameOutcome(.trackedDomains, backup, into: Self.array(raw))
        #expect(outcome.tally == [0, 0, 2, 0, 0, 0] && !outcome.changed)
        #expect(outcome.store[StorageKey.trackedDomains.rawValue] == Self.array(raw))
    }

    @Test func addedMergedDuplicatedAndMalformedRecordsAreCountedAsBefore() throws {
        let stored = try [F.tracked(1, "example.com", #""tags":["a"]"#), F.tracked(2, "b.org")].map {
            try Self.canonical(.trackedDomains, $0)
        }
        let backup = [
            stored[1], F.tracked(3, "new.net"), F.tracked(4, "EXAMPLE.com", #""tags":["b"],"notes":"later""#),
            #"{"id":"x"}"#, F.tracked(5, "new.net.", #""tags":["n"]"#), stored[1],
        ]
        for own in 0...backup.count {
            let outcome = try expectSameOutcome(.trackedDomains, backup, into: Self.array(stored), own: own)
            #expect(outcome.tally == [1, 1, 1, 2, 1, 0] && outcome.changed)
        }
    }

    /// The store's unreadable elements stay after its records; its duplicates are merged into
    /// the first, as the loader reads them.
    @Test func theStoresUnreadableElementsAndDuplicatesAreKeptAsBefore() throws {
        let stored = [
            F.tracked(1, "example.com"), #"{"domain":"no-id.com"}"#, F.tracked(7, "Example.com.", #""tags":["s"]"#),
            F.tracked(2, "b.org"), #"{"id":"broken"}"#,
        ]
        let unchanged = try Self.canonical(.trackedDomains, stored[3])
        _ = try expectSameOutcome(.trackedDomains, [unchanged], into: Self.array(stored))
        _ = try expectSameOutcome(.trackedDomains, [F.tracked(1, "example.com")], into: Self.array(stored))
        let outcome = try expectSameOutcome(.trackedDomains, [F.tracked(9, "c.net")], into: Self.array(stored))
        #expect(outcome.tally == [1, 0, 0, 0, 0, 0])
    }

    /// A stored value that cannot be read as an array is kept as it is, with a remark.
    @Test(arguments: [StoreValue.data(Data("not json".utf8)), .data(Data(#"{"a":1}"#.utf8)), .integer(4)])
    func aStoredValueThatIsNotAnArrayIsKeptAsBefore(stored: StoreValue) throws {
        let outcome = try expectSameOutcome(
            .trackedDomains, [F.tracked(1, "example.com", #""tags":["x"]"#)], into: stored)
        #expect(outcome.store[StorageKey.trackedDomains.rawValue] == stored && !outcome.changed)
        #expect(outcome.tally == [0, 0, 0, 0, 0, 0] && outcome.remarks.count == 1)
    }

    /// A collection stored as a string of JSON (an older app's) is read as the loader reads it.
    @Test func anArrayStoredAsAStringIsMergedInto() throws {
        let stored = StoreValue.string("[" + F.tracked(1, "example.com") + "]")
        let outcome = try expectSameOutcome(
            .trackedDomains, [F.tracked(1, "example.com", #""tags":["x"]"#)], into: stored)
        #expect(outcome.tally == [0, 1, 0, 0, 0, 0] && outcome.changed)
    }

    /// A key the store and the backup both hold many times, each copy different: merged once,
    /// from every copy on both sides, in order (copies the backup holds beyond a few are not
    /// merged into each stored element as it is read).
    @Test(arguments: [1, 4, 5, 30])
    func aKeyHeldManyTimesOnBothSidesIsMergedFromEveryCopy(copies: Int) throws {
        let stored = (0..<copies).map { F.log(1, "example.com", #""message":"s\#($0)","acknowledged":\#($0 == 3)"#) }
        let backup = (0..<copies).map {
            F.log(1, "EXAMPLE.com.", #""message":"b\#($0)","snapshotId":"\#(F.id(100 + $0))""#)
        }
        for own in [0, copies] {
            let outcome = try expectSameOutcome(
                .monitoringLogs, backup + [F.log(2, "b.org")], into: Self.array(stored + [F.log(3, "c.net")]), own: own)
            #expect(outcome.tally == [1, 1, 0, copies - 1, 0, 0] && outcome.changed)
        }
    }

    /// Random stores and backups of a few keys, each record in one of a few versions, spelled
    /// canonically or not, with duplicates and unreadable elements, cut into random runs.
    @Test(arguments: [
        BackupSection.trackedDomains, .lookupHistory, .domainAudits, .domainWorkflows, .monitoringLogs,
    ])
    func randomMergesMatchTheDecodedPath(section: BackupSection) throws {
        var random = SeededGenerator(seed: 0x3E26 &+ UInt64(section.rawValue.utf8.count))
        func element() throws -> String {
            if random.chance(1, in: 12) { return #"{"domain":"no-id.com"}"# }
            let number = Int.random(in: 1...6, using: &random)
            let version = Int.random(in: 0...2, using: &random)
            let host = "host\(number).example"
            let spelling = random.chance(1, in: 4) ? host.uppercased() + "." : host
            let raw =
                switch section {
                case .trackedDomains:
                    F.tracked(
                        number, spelling, addedAt: "202\(version)-01-01T00:00:00Z",
                        #""tags":["t\#(version)"],"isFavorite":\#(version == 1)"#)
                case .lookupHistory: F.snapshot(number, spelling, #""durationMs":\#(version)"#)
                case .domainAudits:
                    F.audit(number, spelling, version == 0 ? "" : #""completedAt":"2025-03-0\#(version)T00:00:00Z""#)
                case .domainWorkflows:
                    F.workflow(number, "W\(number)", #""updatedAt":"2025-0\#(version + 1)-01T00:00:00Z""#)
                default: F.log(number, spelling, #""message":"m\#(version)","acknowledged":\#(version == 2)"#)
                }
            return random.chance(2, in: 3) ? try Self.canonical(section, raw) : raw
        }
        for _ in 0..<40 {
            let stored = try (0..<Int.random(in: 0...12, using: &random)).map { _ in try element() }
            let backup = try (0..<Int.random(in: 0...12, using: &random)).map { _ in try element() }
            let own = Int.random(in: 0...backup.count, using: &random)
            let runLength = Int.random(in: 1...max(1, backup.count), using: &random)
            _ = try expectSameOutcome(section, backup, into: Self.array(stored), own: own, runLength: runLength)
        }
    }

    /// A stored array large enough to be read on every core, with the backup's records in
    /// another order: unchanged ones, changed ones, new ones and a duplicate.
    @Test func aLargeStoredArrayIsReadInRunsAndMatchesTheDecodedPath() throws {
        let padding = String(repeating: "p", count: 120)
        let stored = try (0..<7_000).map {
            try Self.canonical(
                .lookupHistory,
                F.snapshot(
                    10_000 + $0, "host\($0 % 40).example.com",
                    #""durationMs":\#($0),"dns":{"resolver":"https://r/\#(padding)","records":[]}"#))
        }
        let json = Array(("[" + stored.joined(separator: ",") + "]").utf8)
        try #require(JSONArraySplitter.parallelRuns(json, parts: 4) != nil, "large enough to be split")
        var backup = Array(stored[3_000..<7_000] + stored[0..<3_000])
        backup[10] = F.snapshot(10_005, "host5.example.com", #""tls":{"subject":"CN=x","issuer":"CN=y"}"#)
        backup.append(F.snapshot(99_999, "new.example.com"))
        backup.append(stored[42])
        let outcome = try expectSameOutcome(
            .lookupHistory, backup, into: .data(Data(json)), own: 500, runLength: 2_000)
        #expect(outcome.tally == [1, 1, 6_998, 2, 0, 0] && outcome.changed)
    }

    /// A clean record's key is read by its transcoder, without decoding it; a record decoding
    /// would notice something in (a name not in canonical form) or keep something of (an unknown
    /// field) is left to be decoded and visited.
    @Test func aCleanRecordsKeyIsTakenWithoutDecodingIt() throws {
        let stage = MergingStage<LookupSnapshot>(source: [], options: .default)
        #expect(try stage.transcodingTaken(noticed: ("example.com", "Example.com")) == [true, false, false])
        #expect(stage.records.map(\.key) == [try #require(UUID(uuidString: F.id(1)))])
    }
}
