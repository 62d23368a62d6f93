import Glibc

/// Why a file operation failed: the one error type of DurableIO.
///
/// Every case names the file or folder involved and carries the operating system's own
/// message (`strerror`), so a user sees both what failed and why. The cases are classified so
/// callers can map them to exit codes without looking at `errno` themselves: `noSpace` is an
/// I/O error (74), `busy` means "try again later" (75), `notFound` is missing input (66).
///
///     do {
///         let lock = try FileLock.acquire(at: url)
///     } catch FileIOError.busy(let path, let pid) {
///         print("locked by \(pid.map(String.init) ?? "another process")")
///     }
public enum FileIOError: Error, Equatable, Sendable {
    /// The file or a folder on its path does not exist (`ENOENT`, `ENOTDIR`).
    case notFound(path: String, message: String)
    /// The user may not read or write there, or the file system is read-only
    /// (`EACCES`, `EPERM`, `EROFS`).
    case permissionDenied(path: String, message: String)
    /// The disk or the user's quota is full (`ENOSPC`, `EDQUOT`).
    case noSpace(path: String, message: String)
    /// Something already exists under that name (`EEXIST`).
    case alreadyExists(path: String, message: String)
    /// Another process holds the lock file at `path`; `holderPID` is the process it names, when
    /// it had written its id yet.
    case busy(path: String, holderPID: Int32?)
    /// The file is larger than the caller allows to read into memory.
    case tooLarge(path: String, limit: Int)
    /// Something is under the name that backupctl will not open or write through as it is
    /// (a symbolic link or a FIFO where a lock file belongs); `reason` says what and what to do.
    case unsafe(path: String, reason: String)
    /// Any other failure, with its `errno`.
    case other(path: String, errno: Int32, message: String)

    /// Classifies an `errno` value reported for `path`.
    /// - Parameters:
    ///   - errno: the value of `errno` right after the failing call.
    ///   - path: the file or folder the call was about.
    public init(errno code: Int32, path: String) {
        let message = String(cString: strerror(code))
        switch code {
        case ENOENT, ENOTDIR:
            self = .notFound(path: path, message: message)
        case EACCES, EPERM, EROFS:
            self = .permissionDenied(path: path, message: message)
        case ENOSPC, EDQUOT:
            self = .noSpace(path: path, message: message)
        case EEXIST:
            self = .alreadyExists(path: path, message: message)
        default:
            self = .other(path: path, errno: code, message: message)
        }
    }

    /// The file or folder the error is about.
    public var path: String {
        switch self {
        case .notFound(let path, _), .permissionDenied(let path, _), .noSpace(let path, _),
            .alreadyExists(let path, _), .busy(let path, _), .tooLarge(let path, _),
            .unsafe(let path, _), .other(let path, _, _):
            path
        }
    }

    /// The same failure about another path: a file that was reached under another name.
    public func withPath(_ path: String) -> FileIOError {
        switch self {
        case .notFound(_, let message): .notFound(path: path, message: message)
        case .permissionDenied(_, let message): .permissionDenied(path: path, message: message)
        case .noSpace(_, let message): .noSpace(path: path, message: message)
        case .alreadyExists(_, let message): .alreadyExists(path: path, message: message)
        case .busy(_, let holder): .busy(path: path, holderPID: holder)
        case .tooLarge(_, let limit): .tooLarge(path: path, limit: limit)
        case .unsafe(_, let reason): .unsafe(path: path, reason: reason)
        case .other(_, let code, let message): .other(path: path, errno: code, message: message)
        }
    }

    /// The operating system's own message (`strerror`), when the error came from `errno`;
    /// `nil` for `busy`, `tooLarge` and `unsafe`, which DurableIO decides itself.
    public var systemMessage: String? {
        switch self {
        case .notFound(_, let message), .permissionDenied(_, let message), .noSpace(_, let message),
            .alreadyExists(_, let message), .other(_, _, let message):
            message
        case .busy, .tooLarge, .unsafe: nil
        }
    }
}

extension FileIOError: CustomStringConvertible {
    /// A sentence for the user: what failed, where, the system's reason, and what to do.
    public var description: String {
        switch self {
        case .notFound(let path, let message):
            "\(path) was not found (\(message)). Check the path, and that its folder exists."
        case .permissionDenied(let path, let message):
            "Permission denied for \(path) (\(message)). Check its owner and mode "
                + "and those of its folder, or choose a location you can write to."
        case .noSpace(let path, let message):
            "There is no space left to write \(path) (\(message)). Free some disk space or quota, then try again."
        case .alreadyExists(let path, let message):
            "\(path) already exists (\(message)). Remove it or choose another name."
        case .busy(let path, let holderPID):
            "\(path) is locked by \(holderPID.map { "process \($0)" } ?? "another process"). "
                + "Wait for it to finish, then try again."
        case .tooLarge(let path, let limit):
            "\(path) is larger than the \(limit) bytes allowed. Check that it is the right file."
        case .unsafe(let path, let reason): "\(path) was left alone: \(reason)."
        case .other(let path, let code, let message):
            "An I/O operation on \(path) failed: \(message) (errno \(code)). "
                + "Check the disk and the path, then try again."
        }
    }
}
