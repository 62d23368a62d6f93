import BackupFormat
import Concurrency
import Foundation
import JSONCore
import TestSupport
import Testing

@testable import DataValidation

/// Large sections are checked on every core; what they report and hand on must be exactly
/// what one thread would report and hand on.
@Suite struct BackupValidationSessionParallelTests {
    typealias Valid = ValidBackupSections

    /// Over a megabyte of lookup history and monitoring logs, with schema errors, ids repeated
    /// from far earlier (another run), logs naming missing snapshots, and strings full of
    /// brackets and escaped quotes.
    static func largeArchive() -> TestArchive {
        var snapshots: [String] = []
        var logs: [String] = []
        for index in 0..<6_000 {
            let id = index % 2_500 == 2_499 ? Valid.id(100_000 + index / 5_000) : Valid.id(100_000 + index)
            let when = index % 1_733 == 5 ? "yesterday" : "2025-06-01T12:00:00Z"
            snapshots.append(
                #"""
                {"id": "\#(id)", "domain": "alpha.example", "capturedAt": "\#(when)", "trigger": "manual",
                 "dns": {"resolver": "https://x/[q],{\"a\":1}", "records": [
                   {"type": "TXT", "name": "alpha.example", "value": "v=spf1 ] } \"quoted\", more", "ttl": 300}]}}
                """#)
            let snapshot = index % 997 == 3 ? Valid.id(900_000 + index) : Valid.id(100_000 + index)
            logs.append(
                #"""
                {"id": "\#(Valid.id(300_000 + index))", "domain": "\#(index % 1_201 == 7 ? "zulu.example" : "bravo.example")",
                 "checkedAt": "2025-06-02T12:00:05Z", "event": "dnsChange", "message": "changed \"[A]\", {ok}", "snapshotId": "\#(snapshot)"}
                """#)
        }
        var archive = TestArchive.valid
        archive.replace(.lookupHistory, with: "[\n" + snapshots.joined(separator: ",\n") + "\n]")
        archive.replace(.monitoringLogs, with: "[\n" + logs.joined(separator: ",\n") + "\n]")
        return archive
    }

    /// Findings and visited records of a session over `archive`: in parallel, or on one
    /// thread (a visitor that takes no runs).
    /// - Parameter runsLeft: how many run visitors the recorders make in all, if limited.
    func run(_ archive: TestArchive, parallel: Bool, runsLeft: Locked<Int>? = nil) throws -> (
        findings: [Finding], visited: [String], runVisitors: Int
    ) {
        let directory = try TemporaryDirectory()
        let url = try archive.write(in: directory)
        let reader = try BackupFile(path: url.path).openArchive()
        let session = BackupValidationSession(manifest: reader.manifest, archive: url.path, pool: WorkerPool(width: 2))
        var visited: [String] = []
        var runVisitors = 0
        while let payload = try reader.nextSection() {
            let recorded = session.checkRecording(payload, runsLeft: parallel ? runsLeft : Locked(0))
            visited += recorded.visited.map { "\($0.section.rawValue)[\($0.index.map(String.init) ?? "-")] \($0.id)" }
            runVisitors += recorded.runVisitors
        }
        return (session.finish(missing: reader.missingSections), visited, runVisitors)
    }

    @Test func reportsAndVisitsExactlyWhatOneThreadDoes() throws {
        let archive = Self.largeArchive()
        let parallel = try run(archive, parallel: true)
        let sequential = try run(archive, parallel: false)
        #expect(parallel.runVisitors > 0, "the large sections were split")
        #expect(sequential.runVisitors == 0)
        #expect(parallel.findings == sequential.findings)
        #expect(parallel.visited == sequential.visited)
        let codes = Set(sequential.findings.map(\.code))
        #expect(codes.isSuperset(of: [.duplicate, .missingSnapshot, .untrackedDomain]))
        #expect(sequential.findings.contains { $0.severity == .error && $0.location.hasPrefix("$.lookupHistory[") })
        #expect(sequential.visited.count > 11_000)
    }

    @Test func aSyntaxErrorInALargeSectionIsReportedOnceWhereItIs() throws {
        var archive = Self.largeArchive()
        let history = String(decoding: archive[.lookupHistory].bytes, as: UTF8.self)
        let cut = history.index(history.startIndex, offsetBy: history.count * 2 / 3)
        let boundary = try #require(history.range(of: "},\n{", range: cut..<history.endIndex))
        archive.replace(.lookupHistory, with: history.replacingCharacters(in: boundary, with: "},,\n{"))
        let parallel = try run(archive, parallel: true)
        #expect(parallel.findings == (try run(archive, parallel: false)).findings)
        let syntax = parallel.findings.filter { $0.code == .jsonSyntax }
        #expect(syntax.count == 1)
        #expect(syntax.first?.section == "lookupHistory")
    }

    /// A visitor that gives the first runs a visitor and refuses a later one: no record is
    /// lost, the section is checked on one thread instead and every record visited in order.
    @Test func aVisitorRefusingALaterRunLosesNoRecord() throws {
        let archive = Self.largeArchive()
        let sequential = try run(archive, parallel: false)
        // The first answer only says whether the visitor takes runs; the second is one run's.
        let refusing = try run(archive, parallel: true, runsLeft: Locked(2))
        #expect(refusing.visited == sequential.visited)
        #expect(refusing.findings == sequential.findings)
    }
}
