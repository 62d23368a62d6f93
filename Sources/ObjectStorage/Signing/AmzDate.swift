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
        timestamp = String(
            format: "%04d%02d%02dT%02d%02d%02dZ", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday, parts.tm_hour,
            parts.tm_min, parts.tm_sec)
    }
}
