import DomainModel
import Foundation
import Testing

@Suite struct WorkflowTests {
    static let id = "c0ffee00-1234-4abc-8def-0123456789ab"
    static let full =
        #"{"id":"\#(id)","name":"Weekly client sweep","domains":["example.com","example.org"],"steps":["#
        + #"{"id":"lookup","kind":"lookup","isEnabled":true,"parameters":{"probes":"dns,tls"}},"#
        + #"{"id":"compare","kind":"compare","isEnabled":false,"parameters":{"compareWith":"previous"}}],"#
        + #""schedule":"weekly","isEnabled":true,"createdAt":"2026-01-05T08:00:00Z","updatedAt":"2026-03-01T12:30:00Z","#
        + #""lastRunAt":"2026-11-30T04:42:22.125Z"}"#

    static func workflow(name: String, updated: String, lastRun: String? = nil) -> Workflow {
        Workflow(
            id: Sample.id(1), name: name, domains: ["example.com"], steps: [],
            createdAt: Sample.date("2026-01-01T00:00:00Z"),
            updatedAt: Sample.date(updated), lastRunAt: lastRun.map(Sample.date))
    }

    @Test func fullWorkflowRoundTripsCanonically() throws {
        let (workflow, issues) = try expectCanonicalRoundTrip(Self.full, as: Workflow.self, canonical: Self.full)
        #expect(issues.isEmpty)
        #expect(workflow.schedule == Lenient(.weekly))
        #expect(
            workflow.steps == [
                WorkflowStep(id: "lookup", kind: .lookup, parameters: [StringPair(name: "probes", value: "dns,tls")]),
                WorkflowStep(
                    id: "compare", kind: .compare, isEnabled: false,
                    parameters: [StringPair(name: "compareWith", value: "previous")]),
            ])
    }

    @Test func minimalWorkflowAndStepTakeEveryDefault() throws {
        let json = #"{"id":"\#(Self.id)","name":"Sweep","createdAt":"2026-01-05T08:00:00Z","steps":[{"id":"s1"}]}"#
        let (workflow, issues) = try expectCanonicalRoundTrip(
            json, as: Workflow.self,
            canonical:
                #"{"id":"\#(Self.id)","name":"Sweep","domains":[],"steps":[{"id":"s1","kind":"unsupported","isEnabled":true,"parameters":{}}],"#
                + #""schedule":"manual","isEnabled":true,"createdAt":"2026-01-05T08:00:00Z","updatedAt":"2026-01-05T08:00:00Z"}"#
        )
        #expect(issues.isEmpty)
        #expect(workflow.updatedAt == workflow.createdAt)
        #expect(workflow.lastRunAt == nil)
    }

    @Test func unknownEnumValuesKeepTheirText() throws {
        let json =
            #"{"id":"\#(Self.id)","name":"Sweep","createdAt":"2026-01-05T08:00:00Z","schedule":"monthly","#
            + #""steps":[{"id":"shot","kind":"screenshot"}]}"#
        let (workflow, issues) = try expectCanonicalRoundTrip(json, as: Workflow.self)
        #expect(workflow.schedule.value == .manual && workflow.schedule.rawValue == "monthly")
        #expect(workflow.steps.first?.kind.value == .unsupported && workflow.steps.first?.kind.rawValue == "screenshot")
        #expect(issueSummary(issues) == ["unknownEnumValue .schedule", "unknownEnumValue .steps[0].kind"])
    }

    @Test func malformedPartsAreLeftOut() throws {
        let json =
            #"{"id":"\#(Self.id)","name":"Sweep","createdAt":"2026-01-05T08:00:00Z","updatedAt":"later","isEnabled":0,"#
            + #""domains":["Example.COM","example.com.","exa mple.com"],"#
            + #""steps":[{"id":"a","parameters":{"retries":3,"mode":"fast"}},{"kind":"audit"},{"id":"a","kind":"notify"},{"id":"b"}]}"#
        let (workflow, issues) = try RecordJSON.decode(json, as: Workflow.self)
        #expect(workflow.domains == ["example.com"])
        #expect(workflow.steps.map(\.id) == ["a", "b"])
        #expect(workflow.steps.first?.kind == Lenient(.unsupported))
        #expect(workflow.steps.first?.parameters == [StringPair(name: "mode", value: "fast")])
        #expect(workflow.updatedAt == workflow.createdAt)
        #expect(workflow.isEnabled)
        #expect(
            issueSummary(issues) == [
                "defaultedField .isEnabled", "defaultedField .updatedAt", "skippedElement .domains[2]",
                "skippedElement .steps[0].parameters.retries", "skippedElement .steps[1].id",
            ])
    }

    @Test func listsAreCappedAtTheirLimits() throws {
        let domains = (1...1005).map { "\"d\($0).example\"" }.joined(separator: ",")
        let steps = (1...105).map { #"{"id":"s\#($0)"}"# }.joined(separator: ",")
        let json =
            #"{"id":"\#(Self.id)","name":"Big","createdAt":"2026-01-05T08:00:00Z","domains":[\#(domains)],"steps":[\#(steps)]}"#
        let (workflow, issues) = try RecordJSON.decode(json, as: Workflow.self)
        #expect(workflow.domains.count == Workflow.maxDomains)
        #expect(workflow.steps.count == Workflow.maxSteps)
        #expect(issueSummary(issues) == ["truncatedList .domains", "truncatedList .steps"])
    }

    @Test(arguments: [
        (#"{"name":"Sweep","createdAt":"2026-01-05T08:00:00Z"}"#, ".id"),
        (#"{"id":"c0ffee00-1234-4abc-8def-0123456789ab","createdAt":"2026-01-05T08:00:00Z"}"#, ".name"),
        (#"{"id":"c0ffee00-1234-4abc-8def-0123456789ab","name":" ","createdAt":"2026-01-05T08:00:00Z"}"#, ".name"),
        (#"{"id":"c0ffee00-1234-4abc-8def-0123456789ab","name":1,"createdAt":"2026-01-05T08:00:00Z"}"#, ".name"),
        (#"{"id":"c0ffee00-1234-4abc-8def-0123456789ab","name":"Sweep"}"#, ".createdAt"),
    ])
    func requiredFieldProblemRejectsTheWorkflow(json: String, path: String) {
        #expect(rejectionPath(json, as: Workflow.self) == path)
    }

    @Test func lastEditedCopyWinsWholeKeepingTheLatestRun() {
        let old = Self.workflow(name: "Old", updated: "2026-02-01T00:00:00Z", lastRun: "2026-11-01T00:00:00Z")
        let new = Self.workflow(name: "New", updated: "2026-03-01T00:00:00Z", lastRun: "2026-10-01T00:00:00Z")
        let expected = Self.workflow(name: "New", updated: "2026-03-01T00:00:00Z", lastRun: "2026-11-01T00:00:00Z")
        #expect(old.merged(with: new) == expected)
        #expect(new.merged(with: old) == expected)
        let never = Self.workflow(name: "Never", updated: "2026-01-01T00:00:00Z")
        #expect(never.merged(with: never).lastRunAt == nil)
        #expect(never.merged(with: old).lastRunAt == old.lastRunAt)
    }

    @Test func tieOnUpdatedAtKeepsTheFirst() {
        let first = Self.workflow(name: "First", updated: "2026-03-01T00:00:00Z")
        let second = Self.workflow(name: "Second", updated: "2026-03-01T00:00:00Z")
        #expect(first.merged(with: second).name == "First")
    }

    @Test func duplicatesByIDMergeInTheFirstPosition() {
        let json =
            "["
            + [
                #"{"id":"\#(Self.id)","name":"Old","createdAt":"2026-01-05T08:00:00Z"}"#,
                #"{"id":"\#(Sample.idText(2))","name":"Other","createdAt":"2026-01-05T08:00:00Z"}"#,
                #"{"id":"\#(Self.id.uppercased())","name":"New","createdAt":"2026-01-05T08:00:00Z","updatedAt":"2026-02-01T00:00:00Z"}"#,
            ].joined(separator: ",") + "]"
        let decoded = RecordJSON.collection(json, as: Workflow.self)
        #expect(decoded.duplicatesMerged == 1)
        #expect(decoded.records.map(\.name) == ["New", "Other"])
    }

    @Test func mergeIsIdempotentAndReMergingChangesNothing() throws {
        let (full, _) = try RecordJSON.decode(Self.full, as: Workflow.self)
        #expect(full.merged(with: full) == full)
        let inputs = [
            Self.workflow(name: "A", updated: "2026-02-01T00:00:00Z", lastRun: "2026-11-01T00:00:00Z"),
            Self.workflow(name: "B", updated: "2026-03-01T00:00:00Z"),
            Self.workflow(name: "C", updated: "2026-01-01T00:00:00Z", lastRun: "2026-11-02T00:00:00Z"),
        ]
        var collection = RecordCollection(inputs)
        for input in inputs { #expect(collection.insert(input) == .unchanged) }
        #expect(collection.records.first?.name == "B")
        #expect(collection.records.first?.lastRunAt == Sample.date("2026-11-02T00:00:00Z"))
    }
}
