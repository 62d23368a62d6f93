import Concurrency
import Glibc
import TestSupport
import Testing

@Suite struct BackgroundJobTests {
    struct Failure: Error, Equatable {}

    /// What a body holds; the tests see through a weak reference whether it was let go of.
    final class Held: Sendable {}

    @Test func joinGivesWhatTheBodyReturnedOnAThreadOfItsOwn() {
        let caller = pthread_self()
        let job = BackgroundJob(name: "test-job") { pthread_equal(pthread_self(), caller) == 0 }
        let ranElsewhere = job.join()
        #expect(ranElsewhere, "the body ran on another thread")
    }

    @Test func theBodysErrorReachesItsJoiner() {
        let job = BackgroundJob(name: "test-job") { () throws(Failure) -> Int in throw Failure() }
        var thrown: Failure?
        do {
            _ = try job.join()
        } catch {
            thrown = error
        }
        #expect(thrown == Failure())
    }

    /// A job dropped without `join()` — its owner threw first — is waited for: its body has
    /// returned, and let go of what it held, by the time the owner's scope ends.
    @Test func aJobDroppedWithoutJoiningIsWaitedForAndLetsGoOfWhatItHeld() {
        let finished = Recorder<String>()
        let go = Signal()
        weak var weakHeld: Held?
        func owner() throws {
            let held = Held()
            weakHeld = held
            let job = BackgroundJob(name: "test-job") { () throws(Failure) -> Void in
                go.wait("the owner to let the body go on")
                withExtendedLifetime(held) { finished.append("the body's end") }
                throw Failure() // dropped with the job
            }
            go.give()
            try failing() // the owner's own work, which fails before it joins the job
            try job.join()
        }
        #expect(throws: Failure()) { try owner() }
        #expect(finished.values == ["the body's end"], "the body ran to its end before the job was let go")
        #expect(weakHeld == nil, "the thread let go of what the body held")
    }

    private func failing() throws(Failure) {
        throw Failure()
    }

    @Test func joiningLetsGoOfWhatTheBodyHeld() {
        weak var weakHeld: Held?
        do {
            let held = Held()
            weakHeld = held
            let job = BackgroundJob(name: "test-job") { withExtendedLifetime(held) { 1 } }
            let joined = job.join()
            #expect(joined == 1)
        }
        #expect(weakHeld == nil)
    }
}
