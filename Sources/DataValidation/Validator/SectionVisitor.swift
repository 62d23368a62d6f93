import BackupFormat
import JSONCore

/// Receives the records that pass validation, for a caller that wants them (the import
/// decodes them as they go by).
///
/// A large array section is checked on every core: each run of its records gets a visitor of
/// its own from `makeRunVisitor()`, used by one thread, and the runs are then absorbed in
/// order — so the records arrive, in the end, exactly as one thread would have delivered them.
public protocol SectionVisitor: AnyObject {
    /// One record that passed every check: array sections give each element with its
    /// index, object sections their root with index nil.
    func visit(_ section: BackupSection, _ index: Int?, _ record: JSONValue)
    /// A new, empty visitor for one run of `section`'s records — a different instance on every
    /// call, sharing nothing, since each is handed to its own thread (never `self`) — or nil,
    /// on every call, to have the section checked on one thread. Threads call it at once.
    func makeRunVisitor(for section: BackupSection) -> sending Self?
    /// Takes over `run`'s records, which follow the ones already visited.
    func absorb(_ run: Self)
}
