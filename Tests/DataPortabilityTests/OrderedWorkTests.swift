import Dispatch
import Foundation
import Synchronization
import Testing

@testable import DataPortability

@Suite struct OrderedWorkTests {
    struct Failure: Error, Equatable { let item: Int }

    @Test(arguments: [1, 2, 4])
    func everyResultIsDeliveredOnceInItemOrder(width: Int) throws {
        let delivered = Mutex<[Int]>([])
        let delivering = Atomic<Int>(0)
        let overlapped = Atomic<Bool>(false)
        try OrderedWork.run(
            Array(0..<50), width: width,
            work: { item -> Int in
                // Later items finish first now and then, so results wait for earlier ones.
                if item % 7 == 0 { usleep(2_000) }
                return item * item
            },
            deliver: { item, output in
                if delivering.add(1, ordering: .sequentiallyConsistent).newValue > 1 {
                    overlapped.store(true, ordering: .relaxed)
                }
                #expect(output == item * item)
                delivered.withLock { $0.append(item) }
                delivering.subtract(1, ordering: .sequentiallyConsistent)
            })
        #expect(delivered.withLock { $0 } == Array(0..<50))
        let didOverlap = overlapped.load(ordering: .relaxed)
        #expect(!didOverlap, "deliveries run one at a time")
    }

    @Test func aFailingItemIsThrownAndNothingAfterItIsDelivered() {
        let delivered = Mutex<[Int]>([])
        #expect(throws: Failure(item: 5)) {
            try OrderedWork.run(
                Array(0..<40), width: 2,
                work: { item -> Int in
                    if item == 5 { throw Failure(item: 5) }
                    return item
                }, deliver: { item, _ in delivered.withLock { $0.append(item) } })
        }
        #expect(delivered.withLock { $0 } == Array(0..<5))
    }

    @Test func aFailingDeliveryIsThrown() {
        #expect(throws: Failure(item: 3)) {
            try OrderedWork.run(
                Array(0..<10), width: 2, work: { $0 },
                deliver: { item, _ in
                    if item == 3 { throw Failure(item: 3) }
                })
        }
    }

    /// Work that spreads itself over the cores (a large collection's runs) must get them: run
    /// inside `concurrentPerform`, libdispatch gave a nested `concurrentPerform` the calling
    /// thread alone — always, so the old way never passes — and export encoded its largest
    /// section on one core. A machine busy with other tests may briefly lend no second
    /// thread, so a few attempts are allowed.
    @Test func workCanUseEveryCoreItself() throws {
        try #require(ProcessInfo.processInfo.activeProcessorCount > 1, "needs two cores")
        var seen: [[Int: Int]] = []
        for _ in 0..<5 {
            let threadsPerItem = Mutex<[Int: Set<UInt>]>([:])
            try OrderedWork.run(
                [0, 1], width: 2,
                work: { item -> Int in
                    DispatchQueue.concurrentPerform(iterations: 8) { _ in
                        usleep(20_000)
                        let thread = UInt(pthread_self())
                        threadsPerItem.withLock { $0[item, default: []].insert(thread) }
                    }
                    return item
                }, deliver: { _, _ in })
            let counts = threadsPerItem.withLock { $0.mapValues(\.count) }
            if counts.values.contains(where: { $0 > 1 }) { return }
            seen.append(counts)
        }
        Issue.record("each item's iterations ran on one thread, every time: \(seen)")
    }
}
