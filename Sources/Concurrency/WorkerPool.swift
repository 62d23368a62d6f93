import Foundation

/// Threads that work through a list of independent items together and hand the results on
/// in the items' order — the one way backupctl spreads work over the cores.
///
///     let encoded = WorkerPool.default.map(slices) { slice in encode(records[slice]) }
///
///     try WorkerPool.default.run(sections) { section in
///         try read(section)                           // on every thread at once
///     } deliver: { section, read in
///         try archive.add(section, read)              // one at a time, in section order
///     }
///
/// Each run starts threads of its own (the calling thread works too) and ends them before it
/// returns; nothing is shared between runs. That is why it is not Dispatch's
/// `concurrentPerform`: libdispatch runs a `concurrentPerform` nested in another on the
/// calling thread alone, so work that spreads itself over the cores (a large collection's
/// runs, inside export's sections) ran on one core. A run nested in another's item has its
/// own threads: it never waits for a thread busy with the outer run, so nesting cannot
/// deadlock, and it gets every core.
///
/// A failure cancels the run: no item is started after an item (or a delivery) fails, the
/// items already started finish, and the run throws the error of the failure first in item
/// order — for work that does not depend on timing, the error a loop over the items would
/// have thrown.
public struct WorkerPool: Sendable {
    public let width: Int

    /// - Parameter width: how many threads work at once, the calling thread included; 1 runs
    ///   everything on the calling thread.
    public init(width: Int) {
        precondition(width >= 1, "a pool has at least the calling thread")
        self.width = width
    }

    /// One thread for each core the process may use, counted once: Foundation reads the
    /// cgroup's files to count them.
    public static let `default` = WorkerPool(width: max(1, ProcessInfo.processInfo.activeProcessorCount))

    /// How many parts to cut divisible work (a large array's elements) into for this pool:
    /// eight per thread, so the threads finish close together even when one is slowed (a
    /// thread's first parts are slower while its allocator warms up, and other work shares
    /// the machine); 1 for a pool of one thread, where cutting only costs.
    public var parts: Int { width > 1 ? width * 8 : 1 }

    /// Calls `transform` for every item, on up to `width` threads at once.
    ///
    /// `transform` runs on several threads at the same time: each call may change only what
    /// belongs to its own item, and read what the calls share.
    /// - Returns: the results, in item order.
    /// - Throws: the error of the first item, in item order, whose `transform` threw; items not
    ///   started by the time one threw are never started.
    public func map<Item, Output, Failure: Error>(
        _ items: [Item], _ transform: (Item) throws(Failure) -> sending Output
    ) throws(Failure) -> [Output] {
        var outputs: [Output] = []
        outputs.reserveCapacity(items.count)
        try run(items, work: transform, deliver: { (_, output) throws(Failure) in outputs.append(output) })
        return outputs
    }

    /// Calls `work` for every item, on up to `width` threads at once, and `deliver` with each
    /// result in item order, as soon as every earlier one has been delivered. Memory holds at
    /// most the results finished ahead of the one being waited for.
    ///
    /// `work` runs on several threads at the same time: each call may change only what belongs
    /// to its own item, and read what the calls share. `deliver` runs one call at a time, on
    /// whichever thread finished the result it waited for, and may change what the caller holds.
    /// A result is moved from `work` to `deliver`, never copied, so it may own what it holds
    /// (a section's bytes, `~Copyable`); `work` returns it `sending`, sharing nothing with what
    /// the thread holds, which the compiler checks.
    /// - Throws: the first error, in item order, of `work` or `deliver` (for one item, `work`
    ///   comes first); items up to it are delivered, and items not started by then never are.
    public func run<Item, Output: ~Copyable, Failure: Error>(
        _ items: [Item], work: (Item) throws(Failure) -> sending Output,
        deliver: (Item, consuming Output) throws(Failure) -> Void
    ) throws(Failure) {
        let run = OrderedRun<Output, Failure>(count: items.count)
        withoutActuallyEscaping(work) { work in
            withoutActuallyEscaping(deliver) { deliver in
                // Shared with the threads without checks, as the contract above allows: items are
                // only read, `work` is called for distinct items, and `deliver` one call at a time
                // under the run's lock. Nothing outlives this call: it returns once every thread
                // has ended.
                nonisolated(unsafe) let items = items
                nonisolated(unsafe) let work = work
                nonisolated(unsafe) let deliver = deliver
                Self.drain(onThreads: min(width, items.count) - 1) {
                    while let index = run.claim() {
                        run.perform(index) { () throws(Failure) in
                            try work(items[index])
                        } deliver: { index, output throws(Failure) in
                            try deliver(items[index], output)
                        }
                    }
                }
            }
        }
        try run.failure?.get()
    }

    /// Runs `drain` on the calling thread and on `helpers` threads of its own, and returns once
    /// every one has returned. Fewer helpers work when the system refuses more threads.
    private static func drain(onThreads helpers: Int, _ drain: @escaping @Sendable () -> Void) {
        guard helpers > 0, let helper = WorkerThread(name: "worker-\(helpers)", drain) else {
            drain()
            return
        }
        Self.drain(onThreads: helpers - 1, drain)
        helper.join()
    }
}
