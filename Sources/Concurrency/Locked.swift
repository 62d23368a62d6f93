import CThreadSanitizer
import Synchronization

/// A value one thread at a time may use: a `Synchronization.Mutex` that ThreadSanitizer sees.
///
///     let names = Locked<[String]>([])
///     names.withLock { $0.append("a") }
///
/// On Linux, `Mutex` hands a contended lock from one holder to the next inside the kernel (a
/// priority-inheriting futex, taken and given up in the toolchain's Synchronization library,
/// which is not instrumented), so ThreadSanitizer sees nothing ordering the two holders' uses
/// of the value and reports them as a race. Here each holder also tells it that the lock was
/// taken and given up (`make sanitize`, Docs/reliability.md §4); other builds call empty
/// functions. Use this, not `Mutex`, for state threads share.
public final class Locked<Value: ~Copyable>: Sendable {
    private let mutex: Mutex<Value>

    public init(_ value: consuming sending Value) {
        mutex = Mutex(value)
    }

    /// Runs `body` on the value, holding the lock.
    public func withLock<Answer: ~Copyable, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Answer
    ) throws(Failure) -> sending Answer {
        // The object's address names the lock to ThreadSanitizer; it lives as long as the lock.
        let address = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
        return try mutex.withLock { (value: inout sending Value) throws(Failure) -> sending Answer in
            backupctl_tsan_acquire(address)
            defer { backupctl_tsan_release(address) }
            return try body(&value)
        }
    }
}
