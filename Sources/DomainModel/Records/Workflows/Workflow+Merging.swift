import Foundation

extension Workflow {
    /// Limits on a workflow's lists.
    public static let maxDomains = 1000
    public static let maxSteps = 100

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

    /// Steps one per id, the first of each kept.
    static func distinctSteps(_ steps: [WorkflowStep]) -> [WorkflowStep] {
        distinctElements(steps, by: \.id)
    }
}
