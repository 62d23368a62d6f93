import Foundation

/// An object as a listing, a HEAD or an upload reports it.
public struct S3ObjectInfo: Sendable, Equatable {
    public var key: String
    public var size: Int64
    /// The entity tag, quotes included, as S3 sends it.
    public var etag: String
    public var lastModified: Date?

    /// Reads S3's time stamps: `2009-10-12T17:50:30.000Z` in listings, with or without the
    /// fraction.
    static func parseTimestamp(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }
}
