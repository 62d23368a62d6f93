/// How a transaction's body ends it: its writes committed together, or rolled back — and, either
/// way, what the body hands back to the caller.
///
/// A rollback is an outcome, not a failure: a dry run does all its work inside the transaction,
/// returns `.rollback(report)`, and gets its report back with the store exactly as before. An
/// error the body throws rolls back too and is rethrown: errors say that something went wrong,
/// never which way a transaction ends.
///
///     let report = try store.inTransaction { transaction in
///         let report = try plan.apply(in: transaction)
///         return isDryRun ? .rollback(report) : .commit(report)
///     }
public enum TransactionCompletion<Value> {
    /// Keep the transaction's writes, all together.
    case commit(Value)
    /// Leave the store exactly as it was before the transaction.
    case rollback(Value)

    /// What the body hands back, whichever way the transaction ends.
    public var value: Value {
        switch self {
        case .commit(let value), .rollback(let value): value
        }
    }

    /// Whether the transaction's writes are kept.
    public var commits: Bool {
        if case .commit = self { true } else { false }
    }
}
