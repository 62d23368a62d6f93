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
    ///
    /// Every record's id is parsed, most of them twice (to check it, and as the natural key),
    /// so the digits are read without a branch per byte: an invalid digit reads as a value
    /// with high bits set, and those are checked once at the end.
    public static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard bytes.count == 36, let text = bytes.baseAddress else { return nil }
        let dash = UInt8(ascii: "-")
        guard text[8] == dash, text[13] == dash, text[18] == dash, text[23] == dash else { return nil }
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var invalid: UInt8 = 0
        withUnsafeMutableBytes(of: &uuid) { octets in
            for octet in 0..<16 {
                // Two digits an octet, and a dash after octets 3, 5, 7 and 9.
                let position =
                    2 &* octet &+ (octet >= 4 ? 1 : 0) &+ (octet >= 6 ? 1 : 0) &+ (octet >= 8 ? 1 : 0)
                    &+ (octet >= 10 ? 1 : 0)
                let (high, low) = (hexDigit(text[position]), hexDigit(text[position &+ 1]))
                invalid |= high | low
                octets[octet] = high << 4 | low
            }
        }
        return invalid < 0x10 ? UUID(uuid: uuid) : nil
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

    /// The value of a hexadecimal digit in either case; 0xFF for any other byte.
    @inline(__always)
    private static func hexDigit(_ byte: UInt8) -> UInt8 {
        let digit = byte &- UInt8(ascii: "0")
        let letter = (byte | 0x20) &- UInt8(ascii: "a")
        return digit < 10 ? digit : letter < 6 ? letter &+ 10 : 0xFF
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
