import Foundation

/// A small tmpfs mounted on a fresh folder for one test, so a test can fill a disk for real;
/// unmounted and removed when the value is released. Mounting needs root
/// (`TmpfsMount.isAvailable`), which the project's test machines have.
///
///     let disk = try TmpfsMount(sizeKiB: 8 << 10)
///     try disk.fill(leavingKiB: 512)    // the next large write fails with ENOSPC
public final class TmpfsMount: @unchecked Sendable {
    /// Whether this process may mount file systems.
    public static var isAvailable: Bool { getuid() == 0 }

    /// The mount point.
    public let url: URL
    private let folder: TemporaryDirectory

    /// Mounts a tmpfs of `sizeKiB` on a new folder.
    public init(sizeKiB: Int) throws {
        folder = try TemporaryDirectory(prefix: "backupctl-tmpfs")
        url = folder.url
        let mounted = try ProcessRunner.run(
            "mount", ["-t", "tmpfs", "-o", "size=\(sizeKiB)k,mode=0755", "tmpfs", url.path])
        guard mounted.status == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "mount: \(mounted.stderrText)"])
        }
    }

    /// A location inside the mount.
    public func file(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    /// Writes a filler file that leaves only about `leavingKiB` free.
    public func fill(leavingKiB: Int) throws {
        var status = statvfs()
        guard statvfs(url.path, &status) == 0 else { throw CocoaError(.fileReadUnknown) }
        let freeKiB = Int(status.f_bavail) * Int(status.f_bsize) / 1024
        let filler = max(0, freeKiB - leavingKiB)
        let written = try ProcessRunner.run(
            "sh", ["-c", "head -c \(filler)k /dev/zero > \"$0\"", file(".filler").path])
        guard written.status == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: written.stderrText])
        }
    }

    deinit {
        _ = try? ProcessRunner.run("umount", [url.path])
    }
}
