/// What a workflow step does.
public enum WorkflowStepKind: String, LenientEnum {
    case lookup, audit, compare, notify, export, wait
    /// A step this build cannot run; it is skipped when the workflow runs.
    case unsupported

    /// Unknown kinds read as unsupported: a step is never run as something it is not.
    public static let fallback = WorkflowStepKind.unsupported
}

/// When a workflow runs by itself.
public enum WorkflowSchedule: String, LenientEnum {
    case manual, hourly, daily, weekly

    /// Unknown schedules read as manual: nothing runs unasked.
    public static let fallback = WorkflowSchedule.manual
}
