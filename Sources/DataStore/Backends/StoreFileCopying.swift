import Foundation

/// A store kept in a file that can write a consistent copy of itself — every committed key
/// and value, in its own format — to a new file: the safety snapshot an import takes before
/// it writes, which the printed undo restores key by key.
///
/// The copy is what the store's readers see as committed when it is made, even while a
/// transaction of this store is open and has not written yet: an import takes it at the start
/// of its transaction, where no other writer can commit, so it is exactly the state the import
/// starts from. It is written atomically (temporary file, fsync, rename) with mode 0600.
public protocol StoreFileCopying: KeyValueStore {
    /// The file format, which also names the copy's extension.
    var backend: StoreBackend { get }

    /// Writes the copy to `url`, which must not be the store's own file.
    /// - Throws: `StoreError` (`.io` when the file cannot be written; nothing is left under
    ///   `url` then).
    func writeCopy(to url: URL) throws
}
