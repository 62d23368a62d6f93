import DurableIO
import Foundation

/// The safety snapshot an import writes before changing the store could not be written — a
/// full disk, a folder that is not writable — so the import stopped and the store is as it was.
///
/// It names the snapshot's own path and folder, because the snapshot is the one file the user
/// did not ask for: "export again" or "the destination" would point at nothing they know.
public struct SafetySnapshotFailure: Error, CustomStringConvertible, Sendable {
    /// Where the snapshot was being written, beside the store.
    public var snapshot: URL
    /// Why writing it failed (its temporary file's name is not the user's concern).
    public var underlying: FileIOError

    /// The folder the snapshot goes into, beside the store: it needs room for a copy of the
    /// store file.
    public var folder: String { snapshot.deletingLastPathComponent().path }

    public var description: String {
        let reason = underlying.systemMessage ?? "\(underlying)"
        return
            "The safety snapshot \(snapshot.path) could not be written (\(reason)), so nothing was imported and the store is unchanged."
    }
}
