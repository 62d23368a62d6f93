import Concurrency
import Testing

@Suite struct LockedTests {
    /// Four threads take turns at one array, contended, so that Linux's `Mutex` hands the lock
    /// from one to the next inside the kernel: every change is kept, each thread's in its order.
    /// Under `make sanitize` ThreadSanitizer, told of every hand-over, finds no race on the
    /// array — it reported one on a bare `Mutex` (Docs/reliability.md §4).
    @Test func threadsTakingTurnsKeepEveryChange() {
        let values = Locked<[Int]>([])
        _ = WorkerPool(width: 4).map(Array(0..<4)) { worker in
            for step in 0..<2_000 {
                values.withLock { $0.append(worker * 10_000 + step) }
            }
        }
        let kept = values.withLock { $0 }
        #expect(kept.count == 8_000)
        for worker in 0..<4 {
            #expect(kept.filter { $0 / 10_000 == worker } == Array(worker * 10_000..<worker * 10_000 + 2_000))
        }
    }

    @Test func anErrorThrownHoldingTheLockReachesTheCallerAndFreesTheLock() {
        struct Refused: Error, Equatable {}
        let value = Locked(1)
        #expect(throws: Refused()) {
            try value.withLock { (number: inout Int) throws(Refused) in
                number = 2
                throw Refused()
            }
        }
        #expect(value.withLock { $0 } == 2, "what the body changed before it threw stays")
    }
}
