import Dispatch
import Synchronization

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
/// The state is one `Mutex`; a thread that must wait counts itself in the state, then sleeps
/// on a semaphore that whoever changes what it waits for signals once for each one counted.
public final class Channel<Element: Sendable>: Sendable {
    private let capacity: Int
    private let state = Mutex(State())
    private let senderWakeups = DispatchSemaphore(value: 0)
    private let receiverWakeups = DispatchSemaphore(value: 0)

    private struct State {
        /// The values not received yet, oldest first (a few at a time: a receiver keeps up).
        var waiting: [Element] = []
        var isClosed = false
        var sleepingSenders = 0
        var sleepingReceivers = 0
    }

    private enum SendStep {
        case sent(wakingReceiver: Bool)
        case closed, full
    }
    private enum ReceiveStep {
        case received(Element, wakingSender: Bool)
        case closed, empty
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
        while true {
            let step = state.withLock { state -> SendStep in
                if state.isClosed { return .closed }
                guard state.waiting.count < capacity else {
                    state.sleepingSenders += 1
                    return .full
                }
                state.waiting.append(value)
                guard state.sleepingReceivers > 0 else { return .sent(wakingReceiver: false) }
                state.sleepingReceivers -= 1
                return .sent(wakingReceiver: true)
            }
            switch step {
            case .sent(let wakingReceiver):
                if wakingReceiver { receiverWakeups.signal() }
                return true
            case .closed:
                return false
            case .full:
                senderWakeups.wait()
            }
        }
    }

    /// The oldest value not received yet, first waiting for one while the channel is open.
    /// - Returns: nil once the channel is closed and every value sent before has been received.
    public func receive() -> Element? {
        while true {
            let step = state.withLock { state -> ReceiveStep in
                guard !state.waiting.isEmpty else {
                    if state.isClosed { return .closed }
                    state.sleepingReceivers += 1
                    return .empty
                }
                let element = state.waiting.removeFirst()
                guard state.sleepingSenders > 0 else { return .received(element, wakingSender: false) }
                state.sleepingSenders -= 1
                return .received(element, wakingSender: true)
            }
            switch step {
            case .received(let element, let wakingSender):
                if wakingSender { senderWakeups.signal() }
                return element
            case .closed:
                return nil
            case .empty:
                receiverWakeups.wait()
            }
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
