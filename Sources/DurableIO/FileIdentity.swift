import Foundation
import Glibc

/// Which file a path or a descriptor is, whatever name reached it: its device and inode.
///
/// Two paths name the same file — through a symbolic link, `..`, or a hard link — exactly
/// when their identities are equal, so "is this output the store?" is asked of identities,
/// never of spellings.
///
///     if FileIdentity(path: output) == FileIdentity(path: store) { … refuse … }
public struct FileIdentity: Hashable, Sendable {
    /// The device the file is on.
    public let device: UInt64
    /// Its inode on that device.
    public let inode: UInt64

    /// The identity a `stat` result names.
    init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }

    /// The identity of the file at `path`, or nil when nothing is there: as
    /// `FileStatus(path:followingSymlinks:)`, whose errors it throws.
    public init?(path: String, followingSymlinks: Bool = true) throws {
        guard let status = try FileStatus(path: path, followingSymlinks: followingSymlinks) else { return nil }
        self = status.identity
    }

    /// The identity of an open file.
    /// - Throws: `FileIOError` when `fstat` fails.
    public init(of file: borrowing FileDescriptor) throws {
        self = try file.status().identity
    }
}

extension FileIdentity {
    /// `url` with every symbolic link and `..` resolved, so one file has one spelling: the
    /// real path of what exists, with the missing rest appended as written. A symbolic link
    /// whose target does not exist yet resolves to that target (where a new file would go).
    public static func resolvingSymlinks(_ url: URL) -> URL {
        resolve(url.standardizedFileURL.path, depth: 0).map { URL(fileURLWithPath: $0) } ?? url.standardizedFileURL
    }

    private static func resolve(_ path: String, depth: Int) -> String? {
        guard depth < 40 else { return nil } // ELOOP's limit
        if let real = realpath(path, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        let parent = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        guard !parent.isEmpty, parent != path else { return nil }
        var status = stat()
        if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
            // A link to nothing: resolve its target, relative to the link's folder.
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(path, &buffer, buffer.count - 1)
            guard count > 0 else { return nil }
            let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let absolute = target.hasPrefix("/") ? target : parent + "/" + target
            return resolve(absolute, depth: depth + 1)
        }
        guard let resolvedParent = resolve(parent, depth: depth + 1) else { return nil }
        return resolvedParent == "/" ? "/" + name : resolvedParent + "/" + name
    }
}
