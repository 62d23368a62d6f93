import Foundation
import Glibc

/// A thread of the system's, started on a closure and joined once: what `WorkerPool` and
/// `BackgroundJob` are made of, so every thread backupctl starts is started here. Not
/// Foundation's `Thread`, which cannot be joined, nor Dispatch's threads (see `WorkerPool`).
///
/// Dropping one joins it: the thread never outlives the value.
struct WorkerThread: ~Copyable {
    private let handle: pthread_t

    /// Starts `body` on a new thread, which becomes its only user. The thread lets go of
    /// `body`, and of all it captured, before it ends, so whatever `body` holds is released
    /// once `join()` returns.
    /// - Parameter name: the thread's name where `top -H` and debuggers show it (the system
    ///   keeps its first 15 bytes).
    /// - Returns: nil when the system refuses another thread (its limit on threads, or memory).
    init?(name: String, _ body: sending @escaping () -> Void) {
        let start = Unmanaged.passRetained(Start(name: name, body: body))
        var handle = pthread_t()
        let started = pthread_create(
            &handle, nil,
            { context in
                Unmanaged<Start>.fromOpaque(context!).takeRetainedValue().run()
                return nil
            }, start.toOpaque())
        guard started == 0 else {
            start.release()
            return nil
        }
        self.handle = handle
    }

    /// Waits for the thread to end.
    consuming func join() {
        let handle = self.handle
        discard self
        pthread_join(handle, nil)
    }

    deinit {
        pthread_join(handle, nil)
    }

    /// What the new thread is handed; it releases it, and `body` with it, when `run` returns.
    private final class Start {
        let name: String
        let body: () -> Void

        init(name: String, body: sending @escaping () -> Void) {
            self.name = name
            self.body = body
        }

        func run() {
            // Linux keeps 15 bytes of a name and refuses a longer one whole.
            Thread.current.name = String(decoding: name.utf8.prefix(15), as: UTF8.self)
            body()
        }
    }
}
