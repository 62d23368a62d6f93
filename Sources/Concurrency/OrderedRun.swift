/// The state of one `WorkerPool.run`: which item is next to start, the results finished ahead
/// of the one to deliver next, and the failure first in item order.
final class OrderedRun<Output: ~Copyable, Failure: Error>: Sendable {
    private let count: Int
    private let state = Locked(State())

    /// A result on its way from the thread that made it, through the run's lock, to the one
    /// that delivers it: a lock of its own around the result, so `Output` need be neither
    /// `Sendable` nor copyable. The region checker sees the hand-over: `work` returns its result
    /// `sending` (disconnected from anything else the thread holds), and the box takes it over.
    private typealias Moved = Locked<Output?>

    private struct State {
        var nextClaim = 0
        var nextDelivery = 0
        /// Results finished ahead of `nextDelivery`'s, by item.
        var finished: [Int: Moved] = [:]
        var isDelivering = false
        /// The failure first in item order so far.
        var failure: (index: Int, error: Failure)?

        mutating func fail(_ index: Int, _ error: Failure) {
            if let failure, failure.index <= index { return }
            failure = (index, error)
        }

        /// The next result to deliver, with the turn to deliver it, when no other thread has
        /// the turn, the result is ready and no failure comes before it.
        mutating func takeDeliveryTurn() -> (index: Int, result: Moved)? {
            guard !isDelivering else { return nil }
            if let failure, failure.index <= nextDelivery { return nil }
            guard let result = finished.removeValue(forKey: nextDelivery) else { return nil }
            isDelivering = true
            nextDelivery += 1
            return (nextDelivery - 1, result)
        }
    }

    init(count: Int) {
        self.count = count
    }

    /// The run's failure, once every thread has returned.
    var failure: Result<Void, Failure>? {
        state.withLock { state in state.failure.map { .failure($0.error) } }
    }

    /// The next item to start, or nil when every item has started or one has failed.
    func claim() -> Int? {
        state.withLock { state in
            guard state.failure == nil, state.nextClaim < count else { return nil }
            state.nextClaim += 1
            return state.nextClaim - 1
        }
    }

    /// Runs item `index`'s work, records its result and, unless another thread is delivering,
    /// delivers every result that is now next in order.
    func perform(
        _ index: Int, _ work: () throws(Failure) -> sending Output,
        deliver: (Int, consuming Output) throws(Failure) -> Void
    ) {
        let moved = Self.attempt(work)
        var next = state.withLock { state in
            switch moved {
            case .success(let output): state.finished[index] = output
            case .failure(let error): state.fail(index, error)
            }
            return state.takeDeliveryTurn()
        }
        while let (index, result) = next {
            var failure: Failure?
            do throws(Failure) {
                try deliver(index, Self.take(result))
            } catch {
                failure = error
            }
            next = state.withLock { state in
                if let failure { state.fail(index, failure) }
                state.isDelivering = false
                return state.takeDeliveryTurn()
            }
        }
    }

    /// `work`'s result, moved into a box of its own while still disconnected from what the
    /// calling thread holds (`Result(catching:)` does not say its result is `sending`).
    private static func attempt(_ work: () throws(Failure) -> sending Output) -> Result<Moved, Failure> {
        do throws(Failure) {
            return .success(Moved(try work()))
        } catch {
            return .failure(error)
        }
    }

    /// The result in `box`, taken out: only one thread ever holds a given box, once it left
    /// the run's state.
    private static func take(_ box: Moved) -> Output {
        box.withLock { output in
            guard let taken = output.take() else { preconditionFailure("a result is delivered once") }
            return taken
        }
    }
}
