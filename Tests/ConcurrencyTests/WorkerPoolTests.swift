import Concurrency
import Glibc
import Synchronization
import Testing

@Suite struct WorkerPoolTests {
    struct Failure: Error, Equatable { let item: Int }

    @Test(arguments: [1, 2, 4])
    func mapGivesEveryResultInItemOrder(width: Int) {
        let squares = WorkerPool(width: width).map(Array(0..<500)) { item -> Int in
            if item % 7 == 0 { sched_yield() } // later items now and then finish first
            return item * item
        }
        #expect(squares == (0..<500).map { $0 * $0 })
    }

    @Test(arguments: [1, 2, 4])
    func everyResultIsDeliveredOnceInItemOrderOneAtATime(width: Int) {
        let delivering = Atomic<Int>(0)
        let overlapped = Atomic<Bool>(false)
        var delivered: [(item: Int, output: Int)] = []
        WorkerPool(width: width).run(Array(0..<200)) { item in
            if item % 7 == 0 { sched_yield() }
            return item * item
        } deliver: { item, output in
            if delivering.add(1, ordering: .sequentiallyConsistent).newValue > 1 {
                overlapped.store(true, ordering: .relaxed)
            }
            delivered.append((item, output))
            delivering.subtract(1, ordering: .sequentiallyConsistent)
        }
        #expect(delivered.map(\.item) == Array(0..<200))
        #expect(delivered.allSatisfy { $0.output == $0.item * $0.item })
        let didOverlap = overlapped.load(ordering: .relaxed)
        #expect(!didOverlap, "deliveries run one at a time")
    }

    /// Items 2 and 5 fail, 5 first: the run throws 2's error — the one a loop over the items
    /// would have thrown — delivers what comes before it, and starts nothing after 5, the
    /// failure that stopped the other thread.
    @Test func theFirstFailureInItemOrderIsThrownAndNothingStartsAfterAFailure() {
        let started = Locked<Set<Int>>([])
        let fiveFailed = Signal()
        let delivered = Locked<[Int]>([])
        let thrown = Result { () throws(Failure) in
            try WorkerPool(width: 2).run(Array(0..<10)) { (item: Int) throws(Failure) -> Int in
                started.withLock { _ = $0.insert(item) }
                switch item {
                case 2:
                    // Keeps one thread here until the other has gone on to fail at 5.
                    fiveFailed.wait("item 5 to fail on the other thread")
                    throw Failure(item: 2)
                case 5:
                    fiveFailed.give()
                    throw Failure(item: 5)
                default:
                    return item
                }
            } deliver: { (item, _) throws(Failure) in
                delivered.withLock { $0.append(item) }
            }
        }
        #expect(throws: Failure(item: 2)) { try thrown.get() }
        #expect(delivered.withLock { $0 } == [0, 1])
        #expect(started.withLock { $0 } == Set(0...5))
    }

    @Test(arguments: [1, 2, 4])
    func aFailingDeliveryIsThrownAndNothingAfterItIsDelivered(width: Int) {
        let delivered = Locked<[Int]>([])
        let thrown = Result { () throws(Failure) in
            try WorkerPool(width: width).run(Array(0..<40)) { (item: Int) throws(Failure) -> Int in
                item
            } deliver: { (item, _) throws(Failure) in
                if item == 3 { throw Failure(item: 3) }
                delivered.withLock { $0.append(item) }
            }
        }
        #expect(throws: Failure(item: 3)) { try thrown.get() }
        #expect(delivered.withLock { $0 } == [0, 1, 2])
    }

    @Test func mapThrowsTheFirstErrorInItemOrder() {
        let mapped = Result { () throws(Failure) in
            try WorkerPool(width: 3).map(Array(0..<100)) { (item: Int) throws(Failure) -> Int in
                if item % 11 == 0 && item > 0 { throw Failure(item: item) }
                return item
            }
        }
        #expect(throws: Failure(item: 11)) { try mapped.get() }
    }

    /// The items of a pool of two run at the same time: each waits for the other to start.
    @Test func itemsRunAtTheSameTime() {
        let started = [Signal(), Signal()]
        let met = WorkerPool(width: 2).map([0, 1]) { item -> Bool in
            started[item].give()
            return started[1 - item].wait("item \(1 - item) to start beside item \(item)")
        }
        #expect(met == [true, true])
    }

    /// A pool used inside another pool's item gets threads of its own: its items meet as
    /// above while the outer items run too. A pool that shared a fixed set of threads would
    /// have none left for the inner items and deadlock; libdispatch runs a `concurrentPerform`
    /// nested in another on the calling thread alone, so the inner items never meet.
    @Test func aPoolInsideAPoolsItemGetsThreadsOfItsOwn() {
        let started = (0..<2).map { _ in [Signal(), Signal()] }
        let met = WorkerPool(width: 2).map([0, 1]) { outer -> [Bool] in
            WorkerPool(width: 2).map([0, 1]) { inner -> Bool in
                started[outer][inner].give()
                return started[outer][1 - inner].wait("inner item \(1 - inner) of outer item \(outer)")
            }
        }
        #expect(met == [[true, true], [true, true]])
    }

    @Test func aPoolOfOneRunsOnTheCallingThread() {
        let caller = pthread_self()
        let threads = WorkerPool(width: 1).map(Array(0..<20)) { _ in pthread_self() }
        #expect(threads.allSatisfy { pthread_equal($0, caller) != 0 })
    }

    @Test func aPoolCutsWorkIntoEightPartsPerThreadAndNoneForOne() {
        #expect(WorkerPool(width: 1).parts == 1)
        #expect(WorkerPool(width: 2).parts == 16)
        #expect(WorkerPool.default.width >= 1)
    }

    @Test func noItemsIsNoWork() throws {
        #expect(WorkerPool(width: 4).map([Int]()) { $0 }.isEmpty)
    }
}
