import BackupFormat
import DurableIO
import Foundation

extension BackupFile {
    /// Wraps bytes held in memory — a fuzzer's input — as a backup file: they are
    /// written to an unnamed temporary file, as standard input is, and read like any file.
    /// - Parameter name: the name used in messages.
    /// - Throws: `FileIOError` when the temporary file cannot be written.
    convenience init(contents: [UInt8], name: String) throws {
        let spool = try SpoolFile(directory: URL(fileURLWithPath: NSTemporaryDirectory()))
        try contents.withUnsafeBytes { try spool.append($0) }
        try self.init(spool: spool, name: name)
    }
}
