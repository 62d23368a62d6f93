import Foundation
import Synchronization

/// Works through a buffer on a thread of its own while a reader is still filling it, a chunk
/// behind, so reading a large entry costs the longest of decompression and the work instead
/// of their sum. The reader hashes each large entry this way, and finds where its array can
/// be cut into runs.
///
///     let hashing = TrailingWorker(over: buffer, name: "section-hasher") { range in
///         hasher.update(UnsafeRawBufferPointer(rebasing: buffer[range]))
///     }
///     defer { hashing.finish() }        // the buffer outlives the thread
///     while filled < size {
///         filled += try read(into: buffer[filled...])
///         hashing.filled(upTo: filled)
///     }
///     hashing.finish()
///
/// `work` is called on the thread with consecutive ranges of filled bytes, from the start,
/// each once; whatever it touches belongs to the thread from `init` until `finish()` returns,
/// and the caller must not change bytes it has reported filled in between.
final class TrailingWorker: @unchecked Sendable {
    // Thread safety: `published`, `isClosing` and `isDone` are guarded by `condition`; `work`
    // and `done` belong to the background thread until `isDone`.
    private let work: (Range<Int>) -> Void
    private let count: Int
    private let condition = NSCondition()
    private var published = 0
    private var done = 0
    private var isClosing = false
    private var isDone = false

    /// How many were started in this process, by name; tests read it to see that large
    /// entries are worked through this way.
    static let started = Mutex<[String: Int]>([:])

    /// Starts working through `buffer` as its bytes are reported filled.
    /// - Parameters:
    ///   - name: the thread's name is `backupctl.` and this.
    ///   - work: called with each newly filled range, in order, on the thread.
    init(over buffer: UnsafeRawBufferPointer, name: String, work: @escaping (Range<Int>) -> Void) {
        self.work = work
        count = buffer.count
        Self.started.withLock { $0[name, default: 0] += 1 }
        let thread = Thread { [self] in workUntilFinished() }
        thread.name = "backupctl.\(name)"
        thread.start()
    }

    /// Reports that the first `filled` bytes of the buffer are final.
    func filled(upTo filled: Int) {
        precondition(filled <= count, "filled past the end of the buffer")
        condition.lock()
        precondition(!isClosing, "TrailingWorker.filled(upTo:) called after finish()")
        if filled > published {
            published = filled
            condition.signal()
        }
        condition.unlock()
    }

    /// Waits until every byte reported filled has been worked through and the thread has let
    /// go of what `work` touches. Calling it again does nothing.
    func finish() {
        condition.lock()
        isClosing = true
        condition.broadcast()
        while !isDone { condition.wait() }
        condition.unlock()
    }

    private func workUntilFinished() {
        while true {
            condition.lock()
            while published == done && !isClosing { condition.wait() }
            let target = published
            condition.unlock()
            guard target > done else { break }
            work(done..<target)
            done = target
        }
        condition.lock()
        isDone = true
        condition.broadcast()
        condition.unlock()
    }
}
