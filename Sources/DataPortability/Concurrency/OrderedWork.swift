import Dispatch
import Foundation

/// Runs independent pieces of work on several threads and hands each result on in the
/// original order, as soon as every earlier one has been handed on.
///
/// Export and import use it to decode and encode sections on both cores while the archive
/// is still written (or the store updated) one section at a time, in order. Memory holds
/// at most the results finished ahead of the one being waited for.
enum OrderedWork {
    /// Calls `work` for every item on up to `width` threads and `deliver` for each result,
    /// in item order, one at a time.
    /// - Throws: the first error of `work` or `deliver`; no item is started after it.
    static func run<Item, Output>(
        _ items: [Item], width: Int,
        work: @escaping (Item) throws -> Output,
        deliver: @escaping (Item, Output) throws -> Void
    ) throws {
        let state = State<Output>(count: items.count)
        // Shared with the workers without checks: items are only read, work items are
        // independent, and deliveries are serialised by the state's lock. Nothing outlives this
        // call: it returns when every worker has.
        nonisolated(unsafe) let items = items
        nonisolated(unsafe) let work = work
        nonisolated(unsafe) let deliver = deliver
        let drain: @Sendable () -> Void = {
            while let index = state.claim() {
                let result = Result { try work(items[index]) }
                state.finish(index, result) { index, output in try deliver(items[index], output) }
            }
        }
        // Threads of their own, not `concurrentPerform`: work that splits itself across the
        // cores (a large collection's runs) would find itself inside a dispatch_apply, which
        // libdispatch then runs on the calling thread alone — exporting the large benchmark
        // store spent three seconds encoding its lookup history on one core that way.
        let workers = DispatchGroup()
        for number in 1..<max(1, min(width, items.count)) {
            workers.enter()
            let thread = Thread {
                drain()
                workers.leave()
            }
            thread.name = "backupctl.ordered-work-\(number)"
            thread.start()
        }
        drain()
        workers.wait()
        if let failure = state.failure { throw failure }
    }

    private final class State<Output>: @unchecked Sendable {
        private let lock = NSLock()
        private var nextClaim = 0
        private var nextDelivery = 0
        private var finished: [Int: Output] = [:]
        private var delivering = false
        private let count: Int
        private(set) var failure: (any Error)?

        init(count: Int) {
            self.count = count
        }

        func claim() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard failure == nil, nextClaim < count else { return nil }
            nextClaim += 1
            return nextClaim - 1
        }

        /// Records a result and, unless another thread is delivering, delivers every result
        /// now in order.
        func finish(_ index: Int, _ result: Result<Output, any Error>, deliver: (Int, Output) throws -> Void) {
            lock.lock()
            switch result {
            case .success(let output): finished[index] = output
            case .failure(let error): if failure == nil { failure = error }
            }
            guard !delivering else {
                lock.unlock()
                return
            }
            delivering = true
            while failure == nil, let output = finished.removeValue(forKey: nextDelivery) {
                let index = nextDelivery
                nextDelivery += 1
                lock.unlock()
                do {
                    try deliver(index, output)
                    lock.lock()
                } catch {
                    lock.lock()
                    if failure == nil { failure = error }
                }
            }
            delivering = false
            lock.unlock()
        }
    }
}
