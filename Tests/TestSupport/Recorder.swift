import Concurrency

/// Collects what a callback reports, from whatever threads it is called on, for a test to
/// look at once the work is done.
///
///     let reports = Recorder<ByteProgress>()
///     importer.inputProgress = reports.append
///     …
///     #expect(reports.values.last?.completed == size)
public final class Recorder<Value: Sendable>: Sendable {
    private let recorded = Locked<[Value]>([])

    public init() {}

    /// Records one report.
    public func append(_ value: Value) {
        recorded.withLock { $0.append(value) }
    }

    /// Everything recorded so far, in the order it arrived.
    public var values: [Value] { recorded.withLock { $0 } }
}
