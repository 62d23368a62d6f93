import Foundation
import Glibc

/// Folder operations that durable writes need: creating private folders and flushing a
/// folder's entries to disk.
public enum Directory {
    /// Creates a folder and any missing parents (like `mkdir -p`), each new one with
    /// `permissions`; folders that already exist are left as they are. When it fails part
    /// way, the folders it had created are removed again.
    /// - Parameters:
    ///   - url: the folder to create.
    ///   - permissions: the mode of each folder created (`fchmod`-exact, not narrowed by the
    ///     umask); 0700 keeps a store's folder private.
    /// - Returns: the folders this call created, outermost first — for `removeIfEmpty(_:)`
    ///   when the command that needed them fails, so it leaves no folders behind.
    /// - Throws: `FileIOError`, e.g. `.permissionDenied` naming the folder that could not be
    ///   created, or `.alreadyExists` when a file sits where a folder should be.
    @discardableResult
    public static func create(at url: URL, permissions: mode_t = 0o700) throws -> [URL] {
        let path = url.standardizedFileURL.path
        var missing: [String] = []
        var candidate = path
        while !candidate.isEmpty, candidate != "/" {
            if let status = try? FileStatus(path: candidate) {
                guard status.isDirectory else {
                    throw FileIOError.alreadyExists(
                        path: candidate, message: String(cString: strerror(ENOTDIR)))
                }
                break
            }
            missing.append(candidate)
            candidate = (candidate as NSString).deletingLastPathComponent
        }
        var created: [URL] = []
        do {
            for folder in missing.reversed() {
                do {
                    CrashPoint.reach(.create, folder)
                    try checkedSystemCall(path: folder) { mkdir(folder, permissions) }
                } catch FileIOError.alreadyExists {
                    // Another process created it in between: that is what we wanted.
                    continue
                }
                created.append(URL(fileURLWithPath: folder))
                try checkedSystemCall(path: folder) { chmod(folder, permissions) }
            }
        } catch {
            removeIfEmpty(created)
            throw error
        }
        return created
    }

    /// Removes folders a failed command created, innermost first, each only while it is
    /// empty: whatever another process put there in the meantime stays.
    /// - Parameter folders: what `create(at:permissions:)` returned.
    public static func removeIfEmpty(_ folders: [URL]) {
        for folder in folders.reversed() { _ = rmdir(folder.path) }
    }

    /// Flushes a folder's entries to disk, so a file just renamed into it survives a crash.
    /// - Parameter url: the folder.
    /// - Throws: `FileIOError` when the folder cannot be opened or synced.
    public static func sync(at url: URL) throws {
        let folder = try FileDescriptor.open(url.path, O_RDONLY | O_DIRECTORY)
        CrashPoint.reach(.syncFolder, url.path)
        try checkedSystemCall(path: url.path) { fsync(folder.rawValue) }
        try folder.close()
    }

    /// Renames a file within a folder, replacing whatever was under the new name (`rename(2)`,
    /// atomic: the name holds the old file or the new one, never neither). Sync the folder
    /// afterwards for the rename to survive a power loss.
    /// - Parameters:
    ///   - source: the file to rename.
    ///   - destination: its new name, in the same file system.
    /// - Throws: `FileIOError` naming the destination.
    public static func rename(_ source: URL, to destination: URL) throws {
        CrashPoint.reach(.rename, destination.path)
        try checkedSystemCall(path: destination.path) { Glibc.rename(source.path, destination.path) }
    }

    /// Removes a file's name (`unlink(2)`). Sync the folder afterwards for the removal to
    /// survive a power loss.
    /// - Parameter url: the file.
    /// - Throws: `FileIOError`, e.g. `.notFound`; cleanups that only tidy up ignore it.
    public static func removeFile(at url: URL) throws {
        CrashPoint.reach(.remove, url.path)
        try checkedSystemCall(path: url.path) { unlink(url.path) }
    }
}
