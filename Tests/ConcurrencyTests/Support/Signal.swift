import Dispatch
import Testing

/// Something one thread waits for and another gives, once: how the tests order events on
/// different threads without timing them. The wait is bounded only so that a test of a
/// deadlock fails instead of hanging; a minute is never needed when the code is right.
final class Signal: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)

    /// Lets every waiter, present and future, go on.
    func give() {
        semaphore.signal()
    }

    /// Waits for `give()`; records an issue, and returns false, when it never comes.
    @discardableResult
    func wait(_ what: Comment, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        guard semaphore.wait(timeout: .now() + 60) == .success else {
            Issue.record("waited a minute for \(what)", sourceLocation: sourceLocation)
            return false
        }
        semaphore.signal() // for the next waiter
        return true
    }
}
