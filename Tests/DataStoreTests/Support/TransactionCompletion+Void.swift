import DataStore

extension TransactionCompletion where Value == Void {
    /// Keep the transaction's writes; nothing to hand back.
    static var commit: Self { .commit(()) }
    /// Leave the store as it was; nothing to hand back.
    static var rollback: Self { .rollback(()) }
}
