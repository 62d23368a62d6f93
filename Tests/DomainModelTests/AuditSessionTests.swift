import DomainModel
import Foundation
import Testing

@Suite struct AuditSessionTests {
    static let id = "9b2e4c1a-7f3d-4e5b-8a6c-1d2e3f4a5b6c"
    static let full =
        #"{"id":"\#(id)","domain":"example.com","startedAt":"2026-11-30T04:40:00Z","#
        + #""completedAt":"2026-11-30T04:42:22.125Z","status":"completed","score":87,"checks":["#
        + #"{"id":"dns.spf","title":"SPF record present","category":"email","severity":"high","result":"pass","detail":"v=spf1 -all"},"#
        + #"{"id":"tls.expiry","title":"Certificate valid for 30+ days","category":"tls","severity":"medium","result":"warn"}]}"#

    static func check(_ id: String, _ result: CheckResult = .pass) -> AuditCheck {
        AuditCheck(id: id, title: id, category: .dns, severity: .low, result: result)
    }

    static func session(_ n: Int, completed: String?, status: AuditStatus, checks: [AuditCheck], score: Int? = nil)
        -> AuditSession
    {
        AuditSession(
            id: Sample.id(n), domain: "example.com", startedAt: Sample.date("2026-11-30T04:40:00Z"),
            completedAt: completed.map(Sample.date), status: status, score: score, checks: checks)
    }

    @Test func fullSessionRoundTripsCanonically() throws {
        let (session, issues) = try expectCanonicalRoundTrip(Self.full, as: AuditSession.self, canonical: Self.full)
        #expect(issues.isEmpty)
        #expect(session.status == Lenient(.completed))
        #expect(session.score == 87)
        #expect(
            session.checks == [
                AuditCheck(
                    id: "dns.spf", title: "SPF record present", category: .email, severity: .high, result: .pass,
                    detail: "v=spf1 -all"),
                AuditCheck(
                    id: "tls.expiry", title: "Certificate valid for 30+ days", category: .tls, severity: .medium,
                    result: .warn),
            ])
    }

    @Test func minimalSessionAndCheckTakeEveryDefault() throws {
        let json =
            #"{"id":"\#(Self.id)","domain":"Example.com","startedAt":"2026-11-30T04:40:00Z","checks":[{"id":"dns.caa"}]}"#
        let (session, issues) = try expectCanonicalRoundTrip(
            json, as: AuditSession.self,
            canonical:
                #"{"id":"\#(Self.id)","domain":"example.com","startedAt":"2026-11-30T04:40:00Z","status":"failed","checks":["#
                + #"{"id":"dns.caa","title":"dns.caa","category":"security","severity":"medium","result":"error"}]}"#)
        #expect(issues.isEmpty)
        #expect(session.completedAt == nil)
        #expect(session.score == nil)
        #expect(session.checks.first?.detail == nil)
        let bare = #"{"id":"\#(Self.id)","domain":"example.com","startedAt":"2026-11-30T04:40:00Z"}"#
        #expect(try RecordJSON.decode(bare, as: AuditSession.self).record.checks == [])
    }

    @Test func unknownEnumValuesKeepTheirText() throws {
        let json =
            #"{"id":"\#(Self.id)","domain":"example.com","startedAt":"2026-11-30T04:40:00Z","status":"queued","#
            + #""checks":[{"id":"privacy.trackers","category":"privacy","severity":"urgent","result":"flaky"}]}"#
        let (session, issues) = try expectCanonicalRoundTrip(json, as: AuditSession.self)
        #expect(session.status.value == .failed && session.status.rawValue == "queued")
        let check = try #require(session.checks.first)
        #expect(check.category.value == .security && check.category.rawValue == "privacy")
        #expect(check.severity.value == .medium && check.severity.rawValue == "urgent")
        #expect(check.result.value == .error && check.result.rawValue == "flaky")
        #expect(
            issueSummary(issues) == [
                "unknownEnumValue .checks[0].category", "unknownEnumValue .checks[0].result",
                "unknownEnumValue .checks[0].severity", "unknownEnumValue .status",
            ])
    }

    @Test func malformedChecksAreSkippedAndDuplicateCheckIDsKeepTheFirst() throws {
        let json =
            #"{"id":"\#(Self.id)","domain":"example.com","startedAt":"2026-11-30T04:40:00Z","score":101,"completedAt":"soon","#
            + #""checks":[{"title":"no id"},{"id":"dns.spf","result":"pass"},{"id":"  "},{"id":"dns.spf","result":"fail"},7]}"#
        let (session, issues) = try RecordJSON.decode(json, as: AuditSession.self)
        #expect(session.score == nil)
        #expect(session.completedAt == nil)
        #expect(session.checks.map(\.id) == ["dns.spf"])
        #expect(session.checks.first?.result == Lenient(.pass))
        #expect(
            issueSummary(issues) == [
                "defaultedField .completedAt", "defaultedField .score", "skippedElement .checks[0].id",
                "skippedElement .checks[2].id", "skippedElement .checks[4]",
            ])
    }

    @Test func checksAreCappedAtTheLimit() throws {
        let checks = (1...510).map { #"{"id":"c\#($0)"}"# }.joined(separator: ",")
        let json =
            #"{"id":"\#(Self.id)","domain":"example.com","startedAt":"2026-11-30T04:40:00Z","checks":[\#(checks)]}"#
        let (session, issues) = try RecordJSON.decode(json, as: AuditSession.self)
        #expect(session.checks.count == AuditSession.maxChecks)
        #expect(issueSummary(issues) == ["truncatedList .checks"])
    }

    @Test(arguments: [
        (#"{"domain":"example.com","startedAt":"2026-11-30T04:40:00Z"}"#, ".id"),
        (#"{"id":"9b2e4c1a-7f3d-4e5b-8a6c-1d2e3f4a5b6c","startedAt":"2026-11-30T04:40:00Z"}"#, ".domain"),
        (
            #"{"id":"9b2e4c1a-7f3d-4e5b-8a6c-1d2e3f4a5b6c","domain":"example..com","startedAt":"2026-11-30T04:40:00Z"}"#,
            ".domain"
        ),
        (#"{"id":"9b2e4c1a-7f3d-4e5b-8a6c-1d2e3f4a5b6c","domain":"example.com"}"#, ".startedAt"),
        (
            #"{"id":"9b2e4c1a-7f3d-4e5b-8a6c-1d2e3f4a5b6c","domain":"example.com","startedAt":"2026-11-30T24:00:00Z"}"#,
            ".startedAt"
        ),
    ])
    func requiredFieldProblemRejectsTheSession(json: String, path: String) {
        #expect(rejectionPath(json, as: AuditSession.self) == path)
    }

    @Test func completedCopyBeatsRunningCopyInEitherOrder() {
        let running = Self.session(
            1, completed: nil, status: .running, checks: [Self.check("a", .skipped), Self.check("b")])
        let completed = Self.session(
            1, completed: "2026-11-30T04:42:00Z", status: .completed,
            checks: [Self.check("a", .fail), Self.check("c")], score: 70)
        let expected = Self.session(
            1, completed: "2026-11-30T04:42:00Z", status: .completed,
            checks: [Self.check("a", .fail), Self.check("c"), Self.check("b")], score: 70)
        #expect(running.merged(with: completed) == expected)
        #expect(completed.merged(with: running) == expected)
    }

    @Test func laterCompletionWinsAndTiesKeepTheFirst() {
        let early = Self.session(1, completed: "2026-11-30T04:42:00Z", status: .completed, checks: [], score: 10)
        let late = Self.session(1, completed: "2026-11-30T05:00:00Z", status: .failed, checks: [], score: 20)
        #expect(early.merged(with: late).score == 20)
        #expect(late.merged(with: early).score == 20)
        let twin = Self.session(1, completed: "2026-11-30T04:42:00Z", status: .cancelled, checks: [], score: 30)
        #expect(early.merged(with: twin).score == 10)
        #expect(twin.merged(with: early).score == 30)
    }

    @Test func duplicatesByIDMergeInTheFirstPosition() {
        let json =
            "["
            + [
                #"{"id":"\#(Self.id)","domain":"example.com","startedAt":"2026-11-30T04:40:00Z","status":"running","checks":[{"id":"a"}]}"#,
                #"{"id":"\#(Sample.idText(2))","domain":"example.org","startedAt":"2026-11-30T04:40:00Z"}"#,
                #"{"id":"\#(Self.id.uppercased())","domain":"example.com","startedAt":"2026-11-30T04:40:00Z","status":"completed","#
                    + #""completedAt":"2026-11-30T04:42:00Z","checks":[{"id":"b"}]}"#,
            ].joined(separator: ",") + "]"
        let decoded = RecordJSON.collection(json, as: AuditSession.self)
        #expect(decoded.duplicatesMerged == 1)
        #expect(decoded.records.map(\.domain) == ["example.com", "example.org"])
        #expect(decoded.records[0].status == Lenient(.completed))
        #expect(decoded.records[0].checks.map(\.id) == ["b", "a"])
    }

    @Test func mergeIsIdempotentAndReMergingChangesNothing() throws {
        let (full, _) = try RecordJSON.decode(Self.full, as: AuditSession.self)
        #expect(full.merged(with: full) == full)
        let inputs = [
            Self.session(1, completed: nil, status: .running, checks: [Self.check("a"), Self.check("b")]),
            Self.session(1, completed: "2026-11-30T04:42:00Z", status: .completed, checks: [Self.check("b", .fail)]),
            Self.session(1, completed: "2026-11-30T04:41:00Z", status: .failed, checks: [Self.check("c")]),
        ]
        var collection = RecordCollection(inputs)
        for input in inputs { #expect(collection.insert(input) == .unchanged) }
        #expect(collection.records.first?.checks.map(\.id) == ["b", "a", "c"])
    }
}
