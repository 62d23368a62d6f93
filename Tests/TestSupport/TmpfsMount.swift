import Foundation
import Glibc

/// A small `tmpfs` mounted for one test, so a write runs out of space for real (`ENOSPC`),
/// unmounted again when the value goes away. Mounting needs root: `make()` returns nil (and
/// says so) elsewhere, and the test then skips its disk-full part.
///
///     guard let disk = TmpfsMount.make(size: "256k", in: workspace.url) else { return }
///     let run = try workspace.backupctl("import", backup, "--store", disk.url.path + "/s.sqlite")
public final class TmpfsMount {
    /// The mount point.
    public let url: URL

    private init(url: URL) {
        self.url = url
    }

    /// Mounts a `tmpfs` of `size` (as `mount -o size=` takes it: `256k`) at `folder/name`,
    /// mode 0755 so any user may use it as a folder they may write once its mode allows.
    /// - Returns: nil, after printing why, when not root or when mounting fails.
    public static func make(size: String, in folder: URL, name: String = "small-disk") -> TmpfsMount? {
        guard geteuid() == 0 else {
            print("skipped the disk-full check: mounting a tmpfs needs root")
            return nil
        }
        let url = folder.appendingPathComponent(name)
        guard mkdir(url.path, 0o755) == 0 else { return nil }
        let mounted = try? ProcessRunner.run(
            "mount", ["-t", "tmpfs", "-o", "size=\(size),mode=0777", "tmpfs", url.path])
        guard mounted?.status == 0 else {
            print("skipped the disk-full check: mount -t tmpfs failed: \(mounted?.stderrText ?? "")")
            rmdir(url.path)
            return nil
        }
        return TmpfsMount(url: url)
    }

    private var isMounted = true

    /// Unmounts it, and removes the mount point. Safe to call more than once; call it before
    /// the folder around it is removed.
    public func unmount() {
        guard isMounted else { return }
        isMounted = false
        _ = try? ProcessRunner.run("umount", [url.path])
        rmdir(url.path)
    }

    deinit {
        unmount()
    }
}
