import Foundation
import JSONCore

/// UUIDs as records write them: 36 characters, canonically lower-case (RFC 4122 §3).
/// Parsing accepts either case.
public enum RecordID {
    /// Parses a UUID in the 8-4-4-4-12 hexadecimal form.
    public static func parse(_ text: String) -> UUID? {
        var text = text
        return text.withUTF8 { parse(utf8: $0) }
    }

    /// Parses a UUID from UTF-8 bytes in the 8-4-4-4-12 hexadecimal form.
    public static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard bytes.count == 36 else { return nil }
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let parsed = withUnsafeMutableBytes(of: &uuid) { octets -> Bool in
            var octet = 0
            var index = 0
            while index < 36 {
                if index == 8 || index == 13 || index == 18 || index == 23 {
                    guard bytes[index] == UInt8(ascii: "-") else { return false }
                    index += 1
                    continue
                }
                guard let high = hexDigit(bytes[index]), let low = hexDigit(bytes[index + 1]) else { return false }
                octets[octet] = high << 4 | low
                octet += 1
                index += 2
            }
            return true
        }
        return parsed ? UUID(uuid: uuid) : nil
    }

    /// Writes the canonical text of `id` into a buffer of at least 36 bytes.
    public static func write(_ id: UUID, into buffer: UnsafeMutableBufferPointer<UInt8>) {
        let hex: StaticString = "0123456789abcdef"
        withUnsafeBytes(of: id.uuid) { octets in
            var position = 0
            for (index, byte) in octets.enumerated() {
                if index == 4 || index == 6 || index == 8 || index == 10 {
                    buffer[position] = UInt8(ascii: "-")
                    position += 1
                }
                buffer[position] = hex.utf8Start[Int(byte >> 4)]
                buffer[position + 1] = hex.utf8Start[Int(byte & 0x0F)]
                position += 2
            }
        }
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension JSONWriter {
    /// Writes `id` as a canonical lower-case UUID string.
    public mutating func recordID(_ id: UUID) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { buffer in
            RecordID.write(id, into: buffer)
            plainString(UnsafeBufferPointer(buffer))
        }
    }
}
