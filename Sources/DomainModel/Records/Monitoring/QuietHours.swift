import JSONCore

/// A daily window without notifications, as local wall-clock times `HH:MM`.
public struct QuietHours: JSONRecord, Hashable {
    public var start: String
    public var end: String

    /// The pattern of a wall-clock time.
    public static let timePattern = "^([01][0-9]|2[0-3]):[0-5][0-9]$"

    /// Fields this build does not know, kept as read and written back after the known ones.
    public var unknownFields = UnknownFields()

    public init(start: String, end: String) {
        self.start = start
        self.end = end
    }

    public init(from reader: inout RecordReader) throws(RecordDecodingError) {
        start = try reader.requiredString("start")
        end = try reader.requiredString("end")
        for (field, value) in [(".start", start), (".end", end)] where !QuietHours.isWallClockTime(value) {
            throw RecordDecodingError(path: field, problem: "must be a time of day written HH:MM, not \"\(value)\"")
        }
    }

    public func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("start", start)
        writer.field("end", end)
        writer.unknownFields(unknownFields)
        writer.endObject()
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
