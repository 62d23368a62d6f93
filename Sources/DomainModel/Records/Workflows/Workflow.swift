import Foundation
import JSONCore

/// A saved sequence of steps run over a set of domains (store key `domainWorkflows`).
///
/// Natural key: `id`.
public struct Workflow: DeduplicatingRecord, Hashable {
    public var id: UUID
    public var name: String
    /// The domains it runs on, canonical, without duplicates.
    public var domains: [String]
    public var steps: [WorkflowStep]
    public var schedule: Lenient<WorkflowSchedule>
    public var isEnabled: Bool
    public var createdAt: Date
    /// Last edit; defaults to `createdAt`.
    public var updatedAt: Date
    public var lastRunAt: Date?

    /// Limits on a workflow's lists.
    public static let maxDomains = 1000
    public static let maxSteps = 100

    /// Fields this build does not know, kept as read and written back after the known ones.
    public var unknownFields = UnknownFields()

    public init(
        id: UUID, name: String, domains: [String], steps: [WorkflowStep], schedule: WorkflowSchedule = .manual,
        isEnabled: Bool = true, createdAt: Date, updatedAt: Date? = nil, lastRunAt: Date? = nil
    ) {
        self.id = id
        self.name = name
        self.domains = domains.map(DomainName.canonical)
        self.steps = steps
        self.schedule = Lenient(schedule)
        self.isEnabled = isEnabled
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
        self.lastRunAt = lastRunAt
    }

    public init(from reader: inout RecordReader) throws(RecordDecodingError) {
        id = try reader.requiredID("id")
        name = try reader.requiredNonEmptyString("name")
        createdAt = try reader.requiredDate("createdAt")
        domains = reader.domainList("domains", limit: Workflow.maxDomains)
        steps = distinctElements(
            reader.recordList("steps", as: WorkflowStep.self, limit: Workflow.maxSteps), by: \.id)
        schedule = reader.enumeration("schedule", default: .manual)
        isEnabled = reader.bool("isEnabled", default: true)
        updatedAt = reader.optionalDate("updatedAt") ?? createdAt
        lastRunAt = reader.optionalDate("lastRunAt")
    }

    public func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("id", id)
        writer.field("name", name)
        writer.field("domains", domains)
        writer.field("steps", steps)
        writer.field("schedule", schedule)
        writer.field("isEnabled", isEnabled)
        writer.field("createdAt", createdAt)
        writer.field("updatedAt", updatedAt)
        writer.field("lastRunAt", lastRunAt)
        writer.unknownFields(unknownFields)
        writer.endObject()
    }

    public var naturalKey: UUID { id }

    /// Merge rule: the copy edited last (`updatedAt`, ties keep the first) wins whole; the
    /// latest `lastRunAt` of the two is kept. Unknown fields are unioned, the winner's winning
    /// a clash.
    public func merged(with other: Workflow) -> Workflow {
        let otherIsNewer = other.updatedAt > updatedAt
        var result = otherIsNewer ? other : self
        result.unknownFields = result.unknownFields.merged(with: (otherIsNewer ? self : other).unknownFields)
        let runs = [lastRunAt, other.lastRunAt].compactMap { $0 }
        result.lastRunAt = runs.max()
        return result
    }
}
