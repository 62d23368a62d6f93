/// One store schema version: the migrations that bring a store from the version before it,
/// applied and stamped in one transaction.
public struct StoreVersionStep: Sendable {
    /// The version a store has after this step.
    public var version: Int
    /// A short title for `status` and `migrate`.
    public var title: String
    /// The migrations, run in order.
    public var migrations: [AnyStorageMigration]
}
