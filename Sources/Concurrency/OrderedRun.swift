/// The state of one `WorkerPool.run`: which item is next to start, the results finished ahead
/// of the one to deliver next, and the failure first in item order.
final class OrderedRun<Output: ~Copyable, Failure: Error>: Sendable {
    private let count: Int
    private let state = Locked(State())

    /// A result on its way from the thread that made it, through the lock, to the one that
    /// delivers it — moved, never shared, so `Output` need be neither `Sendable` nor copyable.
    /// Only the thread that holds the box uses it: the maker until it puts the box under the
    /// lock, then the deliverer once it took the box out.
    private final class Moved: @unchecked Sendable {
        private var output: Output?

        init(_ output: consuming Output) {
            self.output = consume output
        }

        func take() -> Output {
            guard let output = output.take() else { preconditionFailure("a result is delivered once") }
            return output
        }
    }

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

    /// Records an item's result and, unless another thread is delivering, delivers every
    /// result that is now next in order.
    func finish(
        _ index: Int, _ result: consuming Result<Output, Failure>,
        deliver: (Int, consuming Output) throws(Failure) -> Void
    ) {
        let moved: Result<Moved, Failure>
        switch consume result {
        case .success(let output): moved = .success(Moved(output))
        case .failure(let error): moved = .failure(error)
        }
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
                try deliver(index, result.take())
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
}
