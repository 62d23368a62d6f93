import BackupFormat
import Foundation

extension BackupFileEncoding {
    /// Detects the encoding of the file at `path` from its first ``prefixLength`` bytes.
    static func detect(fileAt path: String) throws -> BackupFileEncoding {
        let file = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? file.close() }
        return detect(prefix: [UInt8](try file.read(upToCount: prefixLength) ?? Data()))
    }
}
