extension Workflow {
    /// Limits on a workflow's lists.
    public static let maxDomains = 1000
    public static let maxSteps = 100

    /// Steps one per id, the first of each kept.
    static func distinctSteps(_ steps: [WorkflowStep]) -> [WorkflowStep] {
        distinctElements(steps, by: \.id)
    }
}
