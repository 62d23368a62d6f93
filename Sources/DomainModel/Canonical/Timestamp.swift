import Foundation
import JSONCore

/// ISO 8601 timestamps as every DomainDig record writes them, without a `DateFormatter`.
///
/// Canonical form is UTC with a `Z`, and milliseconds only when they are not zero:
/// `2026-11-30T04:42:22Z`, `2026-11-30T04:42:22.125Z`. Parsing also accepts any fraction
/// (rounded half up to milliseconds from its decimal digits, never through a `Double`) and
/// `±HH:MM` offsets, and refuses what the canonical form cannot write: an instant outside the
/// four-digit years once converted to UTC (see ``parse(utf8:)``). Formatting and parsing work on
/// bytes, because Foundation's formatters cost more than the rest of decoding a record.
public enum Timestamp {
    /// Parses an ISO 8601 date-time (`YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`).
    /// - Returns: the instant, or nil when the text is not such a timestamp.
    public static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(utf8: $0) }
    }

    /// Parses an ISO 8601 date-time from UTF-8 bytes.
    ///
    /// The text must also name an instant the canonical form can write back as it was read:
    /// one that stays within 0000-01-01T00:00:00Z … 9999-12-31T23:59:59.999Z once converted to
    /// UTC and rounded to milliseconds. The published schema's pattern cannot compare a time
    /// with an offset, so the rule both apply is stricter at the two ends of the calendar: on
    /// 9999-12-31 no negative offset, on 0000-01-01 no positive one (`-00:00` and `+00:00` are
    /// UTC), and nothing that rounds past 9999-12-31T23:59:59.999Z in UTC
    /// (`9999-12-31T23:59:59.9995Z`, or a leap second that day). ``isBeyondFourDigitYears(utf8:)``
    /// tells this refusal from a syntax error.
    /// - Returns: the instant, or nil when the text is not such a timestamp.
    public static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard case .instant(let milliseconds) = read(bytes) else { return nil }
        return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// Whether `bytes` spell a timestamp that ``parse(utf8:)`` refuses only because it falls, or
    /// may fall, outside the four-digit years in UTC (`9999-12-31T20:00:00-05:00`).
    public static func isBeyondFourDigitYears(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if case .beyondFourDigitYears = read(bytes) { true } else { false }
    }

    /// What ``read(_:)`` made of a text.
    enum Reading {
        /// Milliseconds since 1970-01-01T00:00:00Z.
        case instant(Int)
        case beyondFourDigitYears
        case invalid
    }

    /// ``representableRange`` in whole milliseconds.
    static let representableMilliseconds = -62_167_219_200_000...253_402_300_799_999

    static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> Reading {
        guard bytes.count >= 20 else { return .invalid }
        func digits(_ start: Int, _ count: Int) -> Int? {
            var value = 0
            for index in start..<(start + count) {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            return value
        }
        guard let year = digits(0, 4), bytes[4] == UInt8(ascii: "-"),
            let month = digits(5, 2), bytes[7] == UInt8(ascii: "-"),
            let day = digits(8, 2), bytes[10] | 0x20 == UInt8(ascii: "t"),
            let hour = digits(11, 2), bytes[13] == UInt8(ascii: ":"),
            let minute = digits(14, 2), bytes[16] == UInt8(ascii: ":"),
            let second = digits(17, 2)
        else { return .invalid }
        guard (1...12).contains(month), (1...daysInMonth(year: year, month: month)).contains(day),
            hour < 24, minute < 60, second < 61
        else { return .invalid }
        var index = 19
        var milliseconds = 0
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            // Rounded half up on the decimal digits: the first three are the milliseconds, the
            // fourth alone decides (.12349999… is .123, .1235 is .124); no digit is lost to a
            // binary fraction.
            index += 1
            let fractionStart = index
            var roundsUp = false
            while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
                let digit = Int(bytes[index] - UInt8(ascii: "0"))
                switch index - fractionStart {
                case 0..<3: milliseconds = milliseconds * 10 + digit
                case 3: roundsUp = digit >= 5
                default: break
                }
                index += 1
            }
            guard index > fractionStart else { return .invalid }
            for _ in min(index - fractionStart, 3)..<3 { milliseconds *= 10 }
            if roundsUp { milliseconds += 1 }
        }
        guard index < bytes.count else { return .invalid }
        var offsetSeconds = 0
        if bytes[index] | 0x20 == UInt8(ascii: "z") {
            index += 1
        } else if bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            guard index + 6 == bytes.count, let offsetHours = digits(index + 1, 2),
                bytes[index + 3] == UInt8(ascii: ":"), let offsetMinutes = digits(index + 4, 2),
                offsetHours < 24, offsetMinutes < 60
            else { return .invalid }
            offsetSeconds = (offsetHours * 3600 + offsetMinutes * 60) * (bytes[index] == UInt8(ascii: "+") ? 1 : -1)
            index += 6
        } else {
            return .invalid
        }
        guard index == bytes.count else { return .invalid }
        let lastDay = year == 9999 && month == 12 && day == 31
        let firstDay = year == 0 && month == 1 && day == 1
        let days = daysFromCivil(year: year, month: month, day: day)
        let total = (days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds) * 1000 + milliseconds
        guard !(lastDay && offsetSeconds < 0), !(firstDay && offsetSeconds > 0),
            representableMilliseconds.contains(total)
        else { return .beyondFourDigitYears }
        return .instant(total)
    }

    /// The dates a record is expected to hold: DNS predates 1985 by little, and 2100 is far.
    /// Validation warns of a date outside them (`date.out-of-bounds`).
    public static let plausibleRange =
        Date(timeIntervalSince1970: 473_385_600)...Date(timeIntervalSince1970: 4_102_444_800)

    /// The canonical text of `date` (UTC, milliseconds when not zero).
    public static func format(_ date: Date) -> String {
        var buffer = [UInt8](repeating: 0, count: 24)
        let count = buffer.withUnsafeMutableBufferPointer { write(date, into: $0) }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }

    /// The instants ``write(_:into:)`` can express, in seconds since 1970: ISO 8601's
    /// four-digit years, 0000-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z. Code that turns
    /// an input number into a date checks it against this range first.
    public static let representableRange: ClosedRange<TimeInterval> = -62_167_219_200...253_402_300_799.999

    /// Writes the canonical text of `date` into `buffer` (at least 24 bytes).
    ///
    /// A date outside ``representableRange`` is written as the nearest instant inside it
    /// (a date that is not a number at all, as 1970-01-01T00:00:00Z): the text has room for
    /// four-digit years only, and no input may crash the writer.
    /// - Returns: the number of bytes written.
    public static func write(_ date: Date, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let interval = date.timeIntervalSince1970
        let representable =
            interval.isNaN ? 0 : min(max(interval, representableRange.lowerBound), representableRange.upperBound)
        let totalMilliseconds = Int((representable * 1000).rounded())
        var seconds = totalMilliseconds / 1000
        var milliseconds = totalMilliseconds % 1000
        if milliseconds < 0 {
            milliseconds += 1000
            seconds -= 1
        }
        var days = seconds / 86_400
        var secondOfDay = seconds % 86_400
        if secondOfDay < 0 {
            secondOfDay += 86_400
            days -= 1
        }
        let (year, month, day) = civilFromDays(days)
        func put(_ value: Int, _ width: Int, at offset: Int) {
            var value = value
            for position in stride(from: offset + width - 1, through: offset, by: -1) {
                buffer[position] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            }
        }
        put(max(0, min(year, 9999)), 4, at: 0)
        buffer[4] = UInt8(ascii: "-")
        put(month, 2, at: 5)
        buffer[7] = UInt8(ascii: "-")
        put(day, 2, at: 8)
        buffer[10] = UInt8(ascii: "T")
        put(secondOfDay / 3600, 2, at: 11)
        buffer[13] = UInt8(ascii: ":")
        put(secondOfDay / 60 % 60, 2, at: 14)
        buffer[16] = UInt8(ascii: ":")
        put(secondOfDay % 60, 2, at: 17)
        if milliseconds == 0 {
            buffer[19] = UInt8(ascii: "Z")
            return 20
        }
        buffer[19] = UInt8(ascii: ".")
        put(milliseconds, 3, at: 20)
        buffer[23] = UInt8(ascii: "Z")
        return 24
    }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

extension JSONWriter {
    /// Writes `date` as a canonical timestamp string.
    public mutating func timestamp(_ date: Date) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            let count = Timestamp.write(date, into: buffer)
            plainString(UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }
}
