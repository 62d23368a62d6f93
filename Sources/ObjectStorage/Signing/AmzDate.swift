import Foundation
import Glibc

/// The time of a signature in the two forms SigV4 uses, always in UTC:
/// `20130524T000000Z` (`x-amz-date`) and `20130524` (the credential scope).
public struct AmzDate: Sendable, Equatable {
    /// `YYYYMMDD'T'HHMMSS'Z'`.
    public let timestamp: String
    /// `YYYYMMDD`.
    public var day: String { String(timestamp.prefix(8)) }

    public init(_ date: Date) {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func digits(_ value: Int32, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        timestamp =
            digits(parts.tm_year + 1900, 4) + digits(parts.tm_mon + 1, 2) + digits(parts.tm_mday, 2) + "T"
            + digits(parts.tm_hour, 2) + digits(parts.tm_min, 2) + digits(parts.tm_sec, 2) + "Z"
    }
}
