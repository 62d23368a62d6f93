import Foundation
import Synchronization

/// Hashes a buffer on a thread of its own while a reader is still filling it, a chunk
/// behind, so reading a large entry costs the longer of decompression and SHA-256 instead
/// of their sum.
///
///     let trailing = TrailingHasher(hasher, over: UnsafeRawBufferPointer(buffer))
///     defer { trailing.finish() }        // the buffer outlives the thread
///     while filled < size {
///         filled += try read(into: buffer[filled...])
///         trailing.filled(upTo: filled)
///     }
///     trailing.finish()
///     let digest = hasher.finalize()
///
/// The hasher belongs to the thread from `init` until `finish()` returns; the caller must
/// not touch it, nor change bytes it has reported filled, in between.
final class TrailingHasher: @unchecked Sendable {
    // Thread safety: `published`, `isClosing` and `isDone` are guarded by `condition`; `hasher`
    // and `hashed` belong to the background thread until `isDone`.
    private let hasher: SHA256Hasher
    private let buffer: UnsafeRawBufferPointer
    private let condition = NSCondition()
    private var published = 0
    private var hashed = 0
    private var isClosing = false
    private var isDone = false

    /// How many were started in this process; tests read it to see that large entries are
    /// hashed this way.
    static let started = Atomic<Int>(0)

    /// Starts hashing `buffer` as its bytes are reported filled.
    init(_ hasher: SHA256Hasher, over buffer: UnsafeRawBufferPointer) {
        self.hasher = hasher
        self.buffer = buffer
        Self.started.add(1, ordering: .relaxed)
        let thread = Thread { [self] in hashUntilFinished() }
        thread.name = "backupctl.section-hasher"
        thread.start()
    }

    /// Reports that the first `count` bytes of the buffer are final.
    func filled(upTo count: Int) {
        precondition(count <= buffer.count, "filled past the end of the buffer")
        condition.lock()
        precondition(!isClosing, "TrailingHasher.filled(upTo:) called after finish()")
        if count > published {
            published = count
            condition.signal()
        }
        condition.unlock()
    }

    /// Waits until every byte reported filled is hashed and the thread has let go of the
    /// hasher. Calling it again does nothing.
    func finish() {
        condition.lock()
        isClosing = true
        condition.broadcast()
        while !isDone { condition.wait() }
        condition.unlock()
    }

    private func hashUntilFinished() {
        while true {
            condition.lock()
            while published == hashed && !isClosing { condition.wait() }
            let target = published
            condition.unlock()
            guard target > hashed else { break }
            hasher.update(UnsafeRawBufferPointer(rebasing: buffer[hashed..<target]))
            hashed = target
        }
        condition.lock()
        isDone = true
        condition.broadcast()
        condition.unlock()
    }
}
