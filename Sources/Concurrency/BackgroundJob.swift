/// One piece of work on a thread of its own, whose result — or error — its owner collects
/// with `join()`.
///
///     let hashing = BackgroundJob(name: "section-hasher") { try SHA256Hasher.digest(of: bytes) }
///     try write(bytes)                    // meanwhile, on this thread
///     let digest = try hashing.join()     // what the body returned, or threw
///
/// A job is never leaked: dropping one that was not joined — its owner threw before `join()`
/// — waits for the body to return and discards what it returned or threw. The thread never
/// outlives the job value, so what the body borrows from the scope holding the job stays
/// valid while it runs. The rule that comes with it: a job is joined or dropped only where its
/// body can return. A body that receives from a `Channel` its owner sends into returns once
/// the channel is closed, and one that sends into a full channel once the channel is read or
/// closed: close the channel first.
public struct BackgroundJob<Success: Sendable, Failure: Error>: ~Copyable {
    private let thread: WorkerThread
    /// Where the thread leaves the body's result for the joiner.
    private let outcome = Locked<Result<Success, Failure>?>(nil)

    /// Starts `body` on a new thread, which becomes its only user: what it captures need not
    /// be `Sendable` when the caller does not touch it again.
    ///
    /// There is no fallback to the calling thread: a body may wait for its owner, which would
    /// then wait for it. So, as Rust's `thread::spawn` does, a system that refuses another
    /// thread (its limit on threads reached, or out of memory) stops the process here.
    /// - Parameter name: the thread's name in `top -H` and debuggers (its first 15 bytes).
    public init(name: String, _ body: sending @escaping () throws(Failure) -> Success) {
        let outcome = self.outcome
        let thread = WorkerThread(name: name) {
            let result = Result(catching: body)
            outcome.withLock { $0 = result }
        }
        guard let thread else { preconditionFailure("the system refused to start the \(name) thread") }
        self.thread = thread
    }

    /// Waits for the body to return.
    public consuming func join() throws(Failure) -> Success {
        thread.join()
        guard let result = outcome.withLock({ $0.take() }) else {
            preconditionFailure("a job's thread ended without a result")
        }
        return try result.get()
    }
}
