import Dispatch

/// Values handed from one thread to another in the order they were sent, at most `capacity`
/// of them waiting: `send` waits while the channel is full, `receive` while it is empty.
/// `close()` ends both: later sends are refused, and receives return what is left, then nil.
///
///     let sections = Channel<SectionPayload>(capacity: 1)
///     let reading = BackgroundJob(name: "section-reader") {
///         defer { sections.close() }
///         while let payload = try reader.nextSection() {
///             guard sections.send(payload) else { return }    // closed: the consumer stopped
///         }
///     }
///     while let payload = sections.receive() { use(payload) }
///     try reading.join()
///
/// The state is behind one lock (`Locked`); a thread that must wait counts itself in the state,
/// then sleeps on a semaphore that whoever changes what it waits for signals once for each one
/// counted.
public final class Channel<Element: Sendable>: Sendable {
    private let capacity: Int
    private let state = Locked(State())
    private let senderWakeups = DispatchSemaphore(value: 0)
    private let receiverWakeups = DispatchSemaphore(value: 0)

    private struct State {
        /// The values not received yet, oldest first (a few at a time: a receiver keeps up).
        var waiting: [Element] = []
        var isClosed = false
        var sleepingSenders = 0
        var sleepingReceivers = 0

        /// Whether one of the threads counted in `sleepers` is to be woken (and so no longer counted).
        mutating func wakesOne(of sleepers: WritableKeyPath<State, Int>) -> Bool {
            guard self[keyPath: sleepers] > 0 else { return false }
            self[keyPath: sleepers] -= 1
            return true
        }
    }

    /// - Parameter capacity: how many values may wait to be received (at least 1; `.max` for
    ///   no limit, so that `send` never waits).
    public init(capacity: Int) {
        precondition(capacity >= 1, "a channel holds at least one value")
        self.capacity = capacity
    }

    /// Hands `value` on, first waiting while `capacity` values wait to be received.
    /// - Returns: false, the value dropped, when the channel is or gets closed.
    @discardableResult
    public func send(_ value: Element) -> Bool {
        answer(sleepingOn: senderWakeups, waking: receiverWakeups) { state in
            if state.isClosed { return (false, waking: false) }
            guard state.waiting.count < capacity else {
                state.sleepingSenders += 1
                return nil
            }
            state.waiting.append(value)
            return (true, waking: state.wakesOne(of: \.sleepingReceivers))
        }
    }

    /// The oldest value not received yet, first waiting for one while the channel is open.
    /// - Returns: nil once the channel is closed and every value sent before has been received.
    public func receive() -> Element? {
        answer(sleepingOn: receiverWakeups, waking: senderWakeups) { state in
            guard !state.waiting.isEmpty else {
                if state.isClosed { return (nil, waking: false) }
                state.sleepingReceivers += 1
                return nil
            }
            return (state.waiting.removeFirst(), waking: state.wakesOne(of: \.sleepingSenders))
        }
    }

    /// Looks at the state under the lock until `attempt` answers — with whether a thread on the
    /// other side is to be woken, which it then is on `wake` — sleeping on `sleep` each time it
    /// gives nil, having counted the waiting thread.
    private func answer<Answer: Sendable>(
        sleepingOn sleep: DispatchSemaphore, waking wake: DispatchSemaphore,
        _ attempt: (inout State) -> (Answer, waking: Bool)?
    ) -> Answer {
        while true {
            guard let (answer, waking) = state.withLock({ attempt(&$0) }) else {
                sleep.wait()
                continue
            }
            if waking { wake.signal() }
            return answer
        }
    }

    /// Refuses every later `send`, and wakes every thread waiting in `send` (which returns
    /// false) or `receive` (which returns what is left, then nil). Closing it again does nothing.
    public func close() {
        let (senders, receivers) = state.withLock { state in
            state.isClosed = true
            defer { (state.sleepingSenders, state.sleepingReceivers) = (0, 0) }
            return (state.sleepingSenders, state.sleepingReceivers)
        }
        for _ in 0..<senders { senderWakeups.signal() }
        for _ in 0..<receivers { receiverWakeups.signal() }
    }
}
