extension QuietHours {
    /// The pattern of a wall-clock time.
    public static let timePattern = "^([01][0-9]|2[0-3]):[0-5][0-9]$"

    /// The required field `key`, which must be a wall-clock time.
    static func wallClockTime(_ key: StaticString, _ reader: inout RecordReader) throws(RecordDecodingError) -> String {
        let value = try reader.requiredString(key)
        guard isWallClockTime(value) else {
            throw RecordDecodingError(path: ".\(key)", problem: "must be a time of day written HH:MM, not \"\(value)\"")
        }
        return value
    }

    /// Whether `text` is `HH:MM` with 00 ≤ HH ≤ 23 and 00 ≤ MM ≤ 59.
    public static func isWallClockTime(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 5, bytes[2] == UInt8(ascii: ":") else { return false }
        let digits = [bytes[0], bytes[1], bytes[3], bytes[4]].map { Int($0) - Int(UInt8(ascii: "0")) }
        guard digits.allSatisfy({ (0...9).contains($0) }) else { return false }
        return digits[0] * 10 + digits[1] < 24 && digits[2] < 6
    }
}
