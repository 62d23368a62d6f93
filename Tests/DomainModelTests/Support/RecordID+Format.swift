import DomainModel
import Foundation

extension RecordID {
    /// The canonical lower-case text of `id`, as the encoder writes it.
    static func format(_ id: UUID) -> String {
        var buffer = [UInt8](repeating: 0, count: 36)
        buffer.withUnsafeMutableBufferPointer { write(id, into: $0) }
        return String(decoding: buffer, as: UTF8.self)
    }
}
