import DurableIO
import Foundation

extension FileDescriptor {
    /// Writes every byte of `data`.
    func writeAll(_ data: Data) throws {
        try data.withUnsafeBytes { try writeAll($0) }
    }
}
