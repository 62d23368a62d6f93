import Foundation
import Glibc

extension AtomicFileWriter {
    /// Creates a temporary file beside `destination`, `.<name>.tmp-<random>`, exclusively and
    /// with mode `permissions` (`fchmod`-exact), and locks it with `flock` for as long as the
    /// returned descriptor stays open.
    ///
    /// The lock is how a temporary file tells whether its writer is alive: the kernel drops it
    /// when the writer closes the file or dies, however it dies. A writer keeps the descriptor
    /// open until the file has been renamed onto its final name or removed, so a temporary
    /// file whose lock can be taken was abandoned by a killed writer
    /// (`removeAbandonedTemporaryFiles(in:where:)`).
    /// - Parameters:
    ///   - destination: the final name; its folder must exist.
    ///   - readable: whether the file is opened for reading too (`O_RDWR`), not only writing.
    ///   - permissions: the file's mode.
    /// - Returns: the open, locked file; its `path` is the temporary file's.
    /// - Throws: `FileIOError` naming the folder when the file cannot be created there
    ///   (`.permissionDenied` for a read-only folder, `.notFound` for a missing one).
    public static func createTemporaryFile(beside destination: URL, readable: Bool = false, permissions: mode_t)
        throws -> FileDescriptor
    {
        let access = readable ? O_RDWR : O_WRONLY
        let folder = destination.deletingLastPathComponent()
        var attempt = 0
        while true {
            attempt += 1
            let candidate = folder.appendingPathComponent(temporaryFileName(for: destination.lastPathComponent))
            do {
                return try createLocked(at: candidate, access: access, permissions: permissions)
            } catch FileIOError.alreadyExists where attempt < 16 {
                continue
            } catch let error as FileIOError {
                // The folder is what the user must fix, not a name they never chose.
                switch error {
                case .notFound, .permissionDenied, .noSpace, .other: throw error.withPath(folder.path)
                case .alreadyExists, .busy, .tooLarge, .unsafe: throw error
                }
            }
        }
    }

    /// Creates and locks the file at `url`.
    /// - Throws: `FileIOError.alreadyExists` when the name is taken — by another file, or by a
    ///   cleaner that took the new file for an abandoned one between its creation and our lock
    ///   (and removed it, or is about to); other `FileIOError`s.
    private static func createLocked(at url: URL, access: Int32, permissions: mode_t) throws -> FileDescriptor {
        let file = try FileDescriptor.open(url.path, access | O_CREAT | O_EXCL | O_NOFOLLOW, permissions: permissions)
        guard flock(file.rawValue, LOCK_EX | LOCK_NB) == 0,
            try FileIdentity(path: url.path, followingSymlinks: false) == FileIdentity(of: file)
        else {
            throw FileIOError.alreadyExists(path: url.path, message: "a cleaner took the new file for an abandoned one")
        }
        do {
            try file.setPermissions(permissions)
        } catch {
            try? Directory.removeFile(at: url)
            throw error
        }
        return file
    }

    /// Removes the temporary files in `folder` that killed writers left: those named like the
    /// writer's temporary files, accepted by `matches`, and not locked — no writer holds them
    /// (`createTemporaryFile(beside:readable:permissions:)`). A file being written is never
    /// touched, so this is safe without any other lock; a build from before the lock, still
    /// running beside a newer one, does not hold it, and its temporary file would be removed.
    /// - Parameters:
    ///   - folder: where to look.
    ///   - matches: which temporary file names to consider (those of one final name, say).
    /// - Returns: the files removed, sorted by name.
    @discardableResult
    public static func removeAbandonedTemporaryFiles(in folder: URL, where matches: (String) -> Bool) -> [URL] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return names.sorted().filter { isTemporaryFileName($0) && matches($0) }.map(folder.appendingPathComponent)
            .filter(removeIfAbandoned)
    }

    /// Removes the temporary file at `url` when no writer holds its lock; the lock is held
    /// while it is removed, so no writer can start on it meanwhile.
    private static func removeIfAbandoned(_ url: URL) -> Bool {
        guard let file = try? FileDescriptor.open(url.path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY),
            let status = try? file.status(), status.isRegularFile,
            flock(file.rawValue, LOCK_EX | LOCK_NB) == 0,
            (try? FileIdentity(path: url.path, followingSymlinks: false)) == status.identity
        else { return false }
        return (try? Directory.removeFile(at: url)) != nil
    }
}
