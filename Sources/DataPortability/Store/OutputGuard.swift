import BackupFormat
import DataStore
import DurableIO
import Foundation

/// Checks an output path before anything is written to it (design §8: outputs never clobber
/// inputs): it must not be the store, one of the store's files, or the input being read —
/// compared by the file they reach (device and inode, symbolic links resolved, so hard links
/// count too), and by resolved path for files that do not exist yet, such as a `-wal`.
///
///     try OutputGuard.refuse(output: url, overwriting: StoreFiles.all(of: store.url))
public enum OutputGuard {
    /// Refuses `output` when it is one of `inputs`.
    /// - Throws: `OutputRefusal.isInput` naming the input and what it is.
    public static func refuse(output: URL, overwriting inputs: [StoreFiles.File]) throws {
        let resolved = FileIdentity.resolvingSymlinks(output)
        let identity = try? FileIdentity(path: resolved.path)
        for input in inputs {
            let inputPath = FileIdentity.resolvingSymlinks(input.url)
            let inputIdentity = try? FileIdentity(path: inputPath.path)
            if (identity != nil && identity == inputIdentity) || inputPath.path == resolved.path {
                throw OutputRefusal.isInput(output: output.path, input: input.url.path, role: input.role)
            }
        }
    }

    /// Refuses to replace what is under `output` when it is not a regular file — a device such
    /// as `/dev/null`, a FIFO, a directory: the atomic rename would put the backup in its place
    /// — and, unless `force`, a regular file that is not a backup (a v3 archive or a v2 gzip
    /// document): a mistyped `-o` must not destroy someone's file. An encrypted file (age) is
    /// refused too: it may well be an encrypted backup, but without its key nothing tells it
    /// from any other file encrypted with age. An empty file, or no file, is fine.
    /// - Throws: `OutputRefusal.notARegularFile`, `.encrypted` or `.notABackup`; `FileIOError`
    ///   when the file cannot be read.
    /// - Parameter replacesEncrypted: whether an age-encrypted file counts as a backup (for
    ///   `upgrade`, whose outputs are often encrypted and which has no `--force`).
    public static func refuseReplacing(_ output: URL, force: Bool, replacesEncrypted: Bool = false) throws {
        guard let status = try? FileStatus(path: output.path) else { return }
        guard status.isRegularFile else {
            throw OutputRefusal.notARegularFile(output: output.path, kind: status.kindName)
        }
        guard !force, status.size > 0 else { return }
        let file = try FileDescriptor.openForReading(output.path, nonBlocking: true)
        if EncryptedBackupCheck.isEncrypted(file.io) {
            if replacesEncrypted { return }
            throw OutputRefusal.encrypted(output: output.path)
        }
        switch BackupFileEncoding.detect(file.io) {
        case .tar, .gzipJSON: return
        case .plainJSON, .unknown: throw OutputRefusal.notABackup(output: output.path)
        }
    }
}

/// An output refused before anything was written.
public enum OutputRefusal: Error, CustomStringConvertible, Sendable, Equatable {
    /// The output is an input: the store, one of its files, or the file being read.
    case isInput(output: String, input: String, role: String)
    /// The output exists and is not a backup.
    case notABackup(output: String)
    /// The output exists and is age-encrypted: an encrypted backup, as far as can be told
    /// without its key.
    case encrypted(output: String)
    /// The output exists and is not a regular file (`kind`: "a directory", "a character device"…).
    case notARegularFile(output: String, kind: String)

    public var description: String {
        switch self {
        case .isInput(let output, let input, let role):
            let via = output == input ? "" : " (\(input))"
            return "The output \(output) is \(role)\(via): writing it would destroy what is being read. "
                + "Nothing was written; choose another output path."
        case .notABackup(let output):
            return "\(output) exists and is not a backup, so it was not replaced. Nothing was written."
        case .encrypted(let output):
            return "\(output) exists and is an encrypted backup (age), which export does not replace "
                + "without --force: without its key it cannot be told from another file encrypted with age. "
                + "Nothing was written."
        case .notARegularFile(let output, let kind):
            return "\(output) is \(kind), not a regular file: a backup cannot replace it, and it was left alone. "
                + "Nothing was written."
        }
    }
}
