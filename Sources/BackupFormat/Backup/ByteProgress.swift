/// How far a long operation has got, in bytes: `completed` of `total`. Pipelines report it
/// to an optional handler so that a command can draw a progress line.
///
///     var importer = BackupImporter()
///     importer.inputProgress = { progress in print(Int(progress.fraction * 100), "%") }
public struct ByteProgress: Sendable, Equatable {
    /// Receives progress, from whichever thread does the work, as often as every chunk
    /// read: it must be cheap and safe to call from any thread.
    public typealias Handler = @Sendable (ByteProgress) -> Void

    /// The bytes done so far.
    public var completed: Int64
    /// The bytes there are to do.
    public var total: Int64

    public init(completed: Int64, total: Int64) {
        self.completed = completed
        self.total = total
    }

    /// `completed` ÷ `total`, kept within 0…1; 1 when there is nothing to do.
    public var fraction: Double {
        guard total > 0 else { return 1 }
        return min(1, max(0, Double(completed) / Double(total)))
    }
}
