/// A record the store always has one of: when its key is absent, readers and writers use
/// `defaults` (monitoring settings, app settings).
public protocol DefaultedRecord: MergeableRecord {
    /// The record an absent key stands for.
    static var defaults: Self { get }
}
