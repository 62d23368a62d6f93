import Foundation
import Glibc

extension AtomicFileWriter {
    /// Writes a file atomically through a writer: commits when `body` returns, discards when
    /// it throws (and rethrows its error).
    ///
    ///     try AtomicFileWriter.write(to: url) { writer in
    ///         try writer.write(header)
    ///         try writer.write(body)
    ///     }
    /// - Parameters:
    ///   - destination: the final path; its folder must exist.
    ///   - permissions: the mode of the finished file.
    ///   - body: writes the content.
    /// - Returns: what `body` returns.
    /// - Throws: `FileIOError` from creating, writing or committing; whatever `body` throws.
    public static func write<Result>(
        to destination: URL,
        permissions: mode_t = 0o600,
        _ body: (AtomicFileWriter) throws -> Result
    ) throws -> Result {
        let writer = try AtomicFileWriter(destination: destination, permissions: permissions)
        do {
            let result = try body(writer)
            try writer.commit()
            return result
        } catch {
            writer.discard()
            throw error
        }
    }

    /// Replaces the file at `destination` with `data`, atomically.
    /// - Parameters:
    ///   - data: the complete new content.
    ///   - destination: the final path; its folder must exist.
    ///   - permissions: the mode of the finished file.
    /// - Throws: `FileIOError`; on failure `destination` is unchanged.
    public static func write(_ data: Data, to destination: URL, permissions: mode_t = 0o600) throws {
        try write(to: destination, permissions: permissions) { try $0.write(data) }
    }
}
