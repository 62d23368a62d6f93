import Glibc

/// The running process, as locks and signals need it.
public enum CurrentProcess {
    /// The process id (`getpid`), which lock files name their holder by.
    public static var id: Int32 { getpid() }

    /// The machine's name (`gethostname`), which a lock others can see names its holder by.
    public static var hostName: String {
        var name = [CChar](repeating: 0, count: 256)
        _ = gethostname(&name, name.count - 1)
        return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Makes a write to a closed pipe fail with `EPIPE` (a `FileIOError` the writer reports)
    /// instead of killing the process with `SIGPIPE`: `backupctl export -o - | head -c 10`.
    public static func ignoreBrokenPipes() {
        _ = signal(SIGPIPE, SIG_IGN)
    }
}
